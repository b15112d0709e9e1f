import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TuningMessages } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeArtist, makeTrack } from '../../../test/factories.js';

/** GET /api/tuning/{kind}/{id}.scl|.kbm (issue 18): real app, real database. */
describe('tuning files API', () => {
  let t: TestApp;
  const id: Record<string, number> = {};
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  /** The pitches of a .scl in cents (comments skipped; ratios converted). */
  const sclCents = (text: string) => {
    const lines = text.split('\n').filter((l) => !l.startsWith('!') && l.trim() !== '');
    const count = Number(lines[1]);
    return lines.slice(2, 2 + count).map((l) => {
      const token = l.trim();
      if (token.includes('.')) return Number(token);
      const [n, d = '1'] = token.split('/');
      return 1200 * Math.log2(Number(n) / Number(d));
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const artistId = (await makeArtist(t.database, 'Tuning Ensemble')).id;
    const make = async (key: string, input: Omit<Parameters<typeof makeTrack>[1], 'artistId'>) =>
      (id[key] = (await makeTrack(t.database, { artistId, ...input })).id);
    await make('rast', { title: 'Rast Song', maqam: 'Rast', tonic: 'C' });
    await make('hijazLoop', { kind: 'loop', title: 'Hijaz Loop', maqam: 'Hijaz', tonic: 'D' });
    await make('sikah', { title: 'Sikah Song ليالي', maqam: 'Sikah', tonic: 'E half-flat' });
    await make('hidden', { title: 'Hidden', maqam: 'Rast', tonic: 'C', published: false });
    await make('free', { title: 'No maqam', maqam: null, tonic: null });
    await make('strange', { title: 'Unknown maqam', maqam: 'Shawq Afza', tonic: 'C' });
    await make('noTonic', { title: 'No tonic', maqam: 'Rast', tonic: null });
  });
  afterAll(async () => t.close());

  it("serves Rast's scale: neutral third and seventh, as plain text to download", async () => {
    const res = await get(`/api/tuning/music/${id['rast']}.scl`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rast_on_C.scl"');
    const cents = sclCents(res.body);
    expect(cents).toHaveLength(7);
    expect(cents[1]).toBeGreaterThanOrEqual(340);
    expect(cents[1]).toBeLessThanOrEqual(360);
    expect(cents[5]).toBeGreaterThanOrEqual(1040);
    expect(cents[5]).toBeLessThanOrEqual(1070);
    expect(res.body).toContain('Rast Song');
  });

  it("serves a loop's scale (Hijaz: its second step ~ 300 cents) and keyboard mapping on its tonic", async () => {
    const scl = await get(`/api/tuning/loop/${id['hijazLoop']}.scl`);
    expect(scl.statusCode).toBe(200);
    const cents = sclCents(scl.body);
    expect(cents[1]! - cents[0]!).toBeGreaterThanOrEqual(270);
    expect(cents[1]! - cents[0]!).toBeLessThanOrEqual(300);
    const kbm = await get(`/api/tuning/loop/${id['hijazLoop']}.kbm`);
    expect(kbm.statusCode).toBe(200);
    expect(kbm.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(kbm.headers['content-disposition']).toBe('attachment; filename="Hijaz_on_D.kbm"');
    const values = kbm.body.split('\n').filter((l) => !l.startsWith('!') && l.trim() !== '');
    expect(values.slice(0, 7)).toEqual(['12', '0', '127', '62', '62', '293.664768', '7']);
    expect(values.slice(7)).toEqual(['0', '1', 'x', 'x', '2', '3', 'x', '4', '5', 'x', '6', 'x']);
  });

  it('a half-flat tonic is tuned exactly and the files stay ASCII', async () => {
    const kbm = await get(`/api/tuning/music/${id['sikah']}.kbm`);
    expect(kbm.statusCode).toBe(200);
    expect(kbm.body).toContain('\n320.243700\n');
    const scl = await get(`/api/tuning/music/${id['sikah']}.scl`);
    expect(scl.headers['content-disposition']).toBe('attachment; filename="Sikah_on_E_half-flat.scl"');
    expect(/^[\x20-\x7e\n]*$/.test(scl.body)).toBe(true);
  });

  it('404 for unknown, unpublished, other-kind and maqam-less items', async () => {
    for (const url of [
      '/api/tuning/music/999999.scl',
      `/api/tuning/music/${id['hidden']}.scl`,
      `/api/tuning/loop/${id['rast']}.scl`,
      `/api/tuning/music/${id['hijazLoop']}.kbm`,
      `/api/tuning/music/${id['free']}.scl`,
      `/api/tuning/music/${id['strange']}.kbm`,
      `/api/tuning/music/${id['noTonic']}.scl`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'tuning_not_found', message: TuningMessages.notFound });
    }
  });

  it('400 in the one error shape for bad kinds, ids and formats', async () => {
    for (const url of [
      '/api/tuning/song/1.scl',
      '/api/tuning/music/0.scl',
      '/api/tuning/music/abc.scl',
      '/api/tuning/music/1.txt',
      '/api/tuning/music/1',
      '/api/tuning/music/-1.kbm',
      '/api/tuning/music/2147483648.scl',
      '/api/tuning/music/99999999999.scl',
      '/api/tuning/music/1.scl.kbm',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message, url).toBe('string');
    }
  });
});
