import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, TuningMessages } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { makeArtist, makeTrack } from '../../../test/factories.js';

/** GET /api/tuning/{kind}/{id}.scl|.kbm (issue 18): real app, real database. */
describe('tuning files API', () => {
  let t: TestApp;
  const id: Record<string, number> = {};
  /** The tuning file `file` (`{id}.scl` or `{id}.kbm`) of a `kind`; `response.body` is its text. */
  const get = (kind: string, file: string) => callRoute(t.app, Api.tuning.file, { params: { kind, file } });

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
    const res = await get('music', `${id['rast']}.scl`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rast_on_C.scl"');
    const cents = sclCents(res.response.body);
    expect(cents).toHaveLength(7);
    expect(cents[1]).toBeGreaterThanOrEqual(340);
    expect(cents[1]).toBeLessThanOrEqual(360);
    expect(cents[5]).toBeGreaterThanOrEqual(1040);
    expect(cents[5]).toBeLessThanOrEqual(1070);
    expect(res.response.body).toContain('Rast Song');
  });

  it("serves a loop's scale (Hijaz: its second step ~ 300 cents) and keyboard mapping on its tonic", async () => {
    const scl = await get('loop', `${id['hijazLoop']}.scl`);
    expect(scl.status).toBe(200);
    const cents = sclCents(scl.response.body);
    expect(cents[1]! - cents[0]!).toBeGreaterThanOrEqual(270);
    expect(cents[1]! - cents[0]!).toBeLessThanOrEqual(300);
    const kbm = await get('loop', `${id['hijazLoop']}.kbm`);
    expect(kbm.status).toBe(200);
    expect(kbm.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(kbm.headers['content-disposition']).toBe('attachment; filename="Hijaz_on_D.kbm"');
    const values = kbm.response.body.split('\n').filter((l) => !l.startsWith('!') && l.trim() !== '');
    expect(values.slice(0, 7)).toEqual(['12', '0', '127', '62', '62', '293.664768', '7']);
    expect(values.slice(7)).toEqual(['0', '1', 'x', 'x', '2', '3', 'x', '4', '5', 'x', '6', 'x']);
  });

  it('a half-flat tonic is tuned exactly and the files stay ASCII', async () => {
    const kbm = await get('music', `${id['sikah']}.kbm`);
    expect(kbm.status).toBe(200);
    expect(kbm.response.body).toContain('\n320.243700\n');
    const scl = await get('music', `${id['sikah']}.scl`);
    expect(scl.headers['content-disposition']).toBe('attachment; filename="Sikah_on_E_half-flat.scl"');
    expect(/^[\x20-\x7e\n]*$/.test(scl.response.body)).toBe(true);
  });

  it('404 for unknown, unpublished, other-kind and maqam-less items', async () => {
    for (const [kind, file] of [
      ['music', '999999.scl'],
      ['music', `${id['hidden']}.scl`],
      ['loop', `${id['rast']}.scl`],
      ['music', `${id['hijazLoop']}.kbm`],
      ['music', `${id['free']}.scl`],
      ['music', `${id['strange']}.kbm`],
      ['music', `${id['noTonic']}.scl`],
    ] as const) {
      const res = await get(kind, file);
      const url = `${kind}/${file}`;
      expect(res.status, url).toBe(404);
      expect(res.error, url).toEqual({ code: 'tuning_not_found', message: TuningMessages.notFound });
    }
  });

  it('400 in the one error shape for bad kinds, ids and formats', async () => {
    for (const [kind, file] of [
      ['song', '1.scl'],
      ['music', '0.scl'],
      ['music', 'abc.scl'],
      ['music', '1.txt'],
      ['music', '1'],
      ['music', '-1.kbm'],
      ['music', '2147483648.scl'],
      ['music', '99999999999.scl'],
      ['music', '1.scl.kbm'],
    ] as const) {
      const res = await get(kind, file);
      const url = `${kind}/${file}`;
      expect(res.status, url).toBe(400);
      expect(typeof res.error.message, url).toBe('string');
    }
  });
});
