import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, pathOf } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeAlbum, makeArtist, makeTag, makeTrack } from '../../../test/factories.js';

/** The built app's shells as scripts/web-postbuild.mjs leaves them (index.html and the Arabic shell). */
async function writeBuild(dir: string): Promise<void> {
  const head = (lang: string, dir: string, title: string) =>
    `<!doctype html>\n<html lang="${lang}" dir="${dir}">\n  <head>\n    <meta\n      name="description"\n      content="The store."\n    />\n    <title>${title}</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;
  await fs.mkdir(path.join(dir, 'prerendered'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), head('en', 'ltr', 'Tarab — Royalty-free oriental music'));
  await fs.writeFile(path.join(dir, 'prerendered/ar_shell.html'), head('ar', 'rtl', 'طرب'));
  await fs.writeFile(path.join(dir, 'prerendered/pages.json'), JSON.stringify({ '/ar/*': 'ar_shell.html' }));
}

/** The `content` of a `<meta property|name="key">`. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1];
const jsonLdOf = (html: string) => {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>;
};

describe('track pages: prerendered head, 404 and sitemap (issue #32)', () => {
  let t: TestApp;
  let webDist: string;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-track-page-'));
    await writeBuild(webDist);
    t = await buildTestApp({ publicUrl: 'https://tarab.example/', webDist });
    const artist = await makeArtist(t.database, 'Nour Ensemble');
    const album = await makeAlbum(t.database, artist.id, 'Desert Nights', '2024-01-01', 'ليالي الصحراء');
    const mood = await makeTag(t.database, 'mood', 'Melancholic');
    id['track'] = (
      await makeTrack(t.database, {
        title: 'Caravan at Dusk',
        titleAr: 'قافلة عند الغسق',
        artistId: artist.id,
        albumId: album.id,
        maqam: 'Hijaz',
        tonic: 'D',
        iqa: 'Maqsum',
        meter: '4/4',
        bpm: 92,
        durationS: 192,
        tagIds: [mood.id],
      })
    ).id;
    id['loop'] = (await makeTrack(t.database, { kind: 'loop', title: 'Darbuka Loop', artistId: artist.id })).id;
    id['hostile'] = (
      await makeTrack(t.database, { title: '</script><script>alert(1)</script> "Quoted"', artistId: artist.id })
    ).id;
    id['draft'] = (await makeTrack(t.database, { title: 'Draft', artistId: artist.id, published: false })).id;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });

  it('writes the title, description, Open Graph tags and MusicRecording JSON-LD into the English page', async () => {
    const res = await page(`/track/${id['track']}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(titleOf(html)).toBe('Caravan at Dusk · Tarab');
    const description = descriptionOf(html)!;
    expect(description).toContain('Hijaz on D · Maqsum (4/4) · 92 BPM · 3:12');
    expect(description).toContain('by Nour Ensemble, from the album Desert Nights');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(html, 'og:type')).toBe('music.song');
    expect(metaOf(html, 'og:title')).toBe('Caravan at Dusk');
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'og:url')).toBe(`https://tarab.example/track/${id['track']}`);
    expect(metaOf(html, 'og:image')).toMatch(/^https:\/\/tarab\.example\/media\//);
    expect(metaOf(html, 'og:audio')).toMatch(/^https:\/\/tarab\.example\/media\/previews\//);
    expect(metaOf(html, 'og:locale')).toBe('en_US');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="https://tarab.example/track/${id['track']}" />`);
    expect(html).toContain(
      `<link rel="alternate" hreflang="ar" href="https://tarab.example/ar/track/${id['track']}" />`,
    );
    expect(res.headers['link']).toContain(
      `<https://tarab.example/ar/track/${id['track']}>; rel="alternate"; hreflang="ar"`,
    );

    const ld = jsonLdOf(html);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('MusicRecording');
    expect(ld['name']).toBe('Caravan at Dusk');
    expect(ld['alternateName']).toBe('قافلة عند الغسق');
    expect(ld['duration']).toBe('PT3M12S');
    expect(ld['url']).toBe(`https://tarab.example/track/${id['track']}`);
    expect(ld['byArtist']).toMatchObject({ '@type': 'MusicGroup', name: 'Nour Ensemble' });
    expect(ld['inAlbum']).toMatchObject({ '@type': 'MusicAlbum', name: 'Desert Nights' });
    expect(ld['keywords']).toContain('Melancholic');
    // Visitors see no price (spec §6): nor do crawlers.
    expect(html).not.toMatch(/price|offers/i);
    // PUBLIC_URL only, never the Host header.
    expect(html).not.toContain('evil.example');
  });

  it('writes the Arabic page in Arabic: lang/dir, Arabic title and names, numbers isolated', async () => {
    const res = await page(`/ar/track/${id['track']}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(titleOf(html)).toBe('قافلة عند الغسق · طرب');
    const description = descriptionOf(html)!;
    expect(description).toContain('حجاز على ري');
    expect(description).toContain('\u206892 BPM\u2069');
    expect(description).toContain('ليالي الصحراء');
    expect(metaOf(html, 'og:locale')).toBe('ar_AR');
    expect(metaOf(html, 'og:url')).toBe(`https://tarab.example/ar/track/${id['track']}`);
    const ld = jsonLdOf(html);
    expect(ld['@type']).toBe('MusicRecording');
    expect(ld['name']).toBe('قافلة عند الغسق');
    expect(ld['inLanguage']).toBe('ar');
    expect(ld['inAlbum']).toMatchObject({ name: 'ليالي الصحراء' });
  });

  it('gives loops their page too', async () => {
    const res = await page(`/track/${id['loop']}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Darbuka Loop · Tarab');
    expect(descriptionOf(res.body)).toContain('A royalty-free oriental loop by Nour Ensemble');
    expect(jsonLdOf(res.body)['@type']).toBe('MusicRecording');
  });

  it('escapes what the catalog holds: no text ends the JSON-LD script or an attribute', async () => {
    const res = await page(`/track/${id['hostile']}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(titleOf(res.body)).toContain('&lt;/script&gt;');
    expect(metaOf(res.body, 'og:title')).toContain('&quot;Quoted&quot;');
    expect(jsonLdOf(res.body)['name']).toBe('</script><script>alert(1)</script> "Quoted"');
  });

  it('answers 404 with the app shell for an unknown, unpublished or malformed id, in both languages', async () => {
    for (const url of [
      '/track/999999',
      `/track/${id['draft']}`,
      '/track/abc',
      '/track/0',
      '/ar/track/999999',
      `/ar/track/${id['draft']}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('application/ld+json');
      expect(res.body, url).not.toContain('Draft');
    }
    expect((await page('/ar/track/999999')).body).toContain('<html lang="ar" dir="rtl">');
  });

  it('lists every published track and loop page in the sitemap, in both languages with hreflang', async () => {
    const res = await t.app.inject({ method: 'GET', url: pathOf(Api.site.sitemap) });
    expect(res.statusCode).toBe(200);
    const base = 'https://tarab.example';
    for (const key of ['track', 'loop']) {
      const en = `${base}/track/${id[key]}`;
      const ar = `${base}/ar/track/${id[key]}`;
      const alternates = `<xhtml:link rel="alternate" hreflang="en" href="${en}"/><xhtml:link rel="alternate" hreflang="ar" href="${ar}"/><xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
      expect(res.body).toContain(`<url><loc>${en}</loc>${alternates}</url>`);
      expect(res.body).toContain(`<url><loc>${ar}</loc>${alternates}</url>`);
    }
    expect(res.body).not.toContain(`/track/${id['draft']}<`);
  });
});
