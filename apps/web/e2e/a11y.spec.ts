import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

/**
 * Accessibility and responsiveness of EVERY route of the spec's route table (spec §2):
 * axe finds no serious or critical violation at 1280 and 390 px, logged out and logged in,
 * and no page scrolls sideways at 320, 390, 768 or 1280 px.
 */

// Two page loads, two axe runs and four layouts per test.
test.describe.configure({ timeout: 150_000 });

const AXE_WIDTHS = [1280, 390] as const;
const LAYOUT_WIDTHS = [320, 390, 768, 1280] as const;
const HEIGHT = 844;

const LISTENER = { email: 'listener@tarab.test', password: 'listen-to-tarab' };
const ARTIST = { email: 'artist@tarab.test', password: 'create-for-tarab' };

type Ids = { genre: { id: number | string; name: string }; album: number | string; artist: number | string };
type Route = { name: string; url: (ids: Ids) => string };

/** The public routes, as concrete URLs (ids come from the demo catalog). */
const publicRoutes: Route[] = [
  { name: 'home', url: () => '/' },
  { name: 'music', url: () => '/music' },
  {
    name: 'music details',
    url: ({ genre }) => `/music/details/${genre.id}?title=${encodeURIComponent(genre.name)}&type=Genres`,
  },
  { name: 'loops', url: () => '/loops' },
  { name: 'albums', url: () => '/album' },
  { name: 'album detail', url: ({ album }) => `/album/detail/${album}` },
  { name: 'artists', url: () => '/artists' },
  { name: 'artist detail', url: ({ artist }) => `/artist/detail/${artist}` },
  { name: 'pricing', url: () => '/pricing' },
  { name: 'login', url: () => '/auth/login' },
  { name: 'sign-up', url: () => '/auth/sign-up' },
  { name: 'success', url: () => '/success?session_id=cs_test_a11y&music_id=1&price=4.99' },
  { name: 'sales agreement', url: () => '/sales-agreement' },
  { name: 'terms of use', url: () => '/terms-of-use' },
  { name: 'faqs', url: () => '/faqs' },
  { name: 'copyright', url: () => '/copyright' },
  { name: 'privacy policy', url: () => '/privacy-policy' },
  { name: 'about us', url: () => '/Aboutus' },
];

/** Login-only routes (spec §2), checked with the demo listener. */
const listenerRoutes: Array<{ name: string; url: (playlist: PlaylistRef) => string }> = [
  { name: 'saved page', url: () => '/savedPage' },
  { name: 'subscription plan', url: () => '/subscription-plan' },
  { name: 'stripe checkout', url: () => '/stripe-checkout' },
  { name: 'profile', url: () => '/profile' },
  {
    name: 'saved details',
    url: ({ id, name, tracks }) =>
      `/saved/details/${id}?title=${encodeURIComponent(name)}&name=${encodeURIComponent(name)}&tracks=${tracks}`,
  },
];

type PlaylistRef = { id: number | string; name: string; tracks: number };

let ids: Ids = { genre: { id: 1, name: 'Genre' }, album: 1, artist: 1 };

/** Real ids from the API, so detail pages show content rather than an empty state. */
test.beforeAll(async ({ request }) => {
  const [filter, albums, artists] = await Promise.all([
    request.post('/api/filter?type=music').then((response) => response.json()),
    request.get('/api/albums').then((response) => response.json()),
    request.get('/api/artists').then((response) => response.json()),
  ]);
  const genre = filter?.filters?.genres?.[0];
  ids = {
    genre: genre ? { id: genre.id, name: genre.name } : ids.genre,
    album: albums?.data?.[0]?.id ?? ids.album,
    artist: artists?.data?.data?.data?.[0]?.id ?? ids.artist,
  };
});

/** Logs in from the page, so the browser stores the HttpOnly cookie. */
async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/api/health');
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/api/api_login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    return response.status;
  }, account);
  expect(status, 'login answered').toBe(200);
  const me = await page.evaluate(async () => (await fetch('/api/me', { credentials: 'same-origin' })).status);
  expect(me, 'the session cookie is set').toBe(200);
}

/** Creates a playlist with one track, from the page (the listener is logged in). */
async function createPlaylist(page: Page): Promise<PlaylistRef> {
  const name = `A11y mix ${Date.now().toString(36)}`;
  return page.evaluate(async (playlistName) => {
    const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();
    const post = (url: string, body: unknown) =>
      json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const created = await post('/api/playlists/add', { name: playlistName });
    const id = created.data.id;
    const music = await json('/api/music?per_page=1');
    const track = music?.data?.data?.[0];
    if (track) await post('/api/playlists/add-music', { playlist_id: id, music_id: track.id });
    return { id, name: playlistName, tracks: track ? 1 : 0 };
  }, name);
}

/** Waits for the main content of the current URL: its h1, the network at rest, no loading indicator. */
async function waitForSettledPage(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect(page.locator('main h1').first(), 'the page shows its heading').toBeVisible({ timeout: 20_000 });
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        if (!main) return false;
        const busy = Array.from(main.querySelectorAll('[role="status"], [aria-busy="true"]')).some(
          (element) => (element as HTMLElement).offsetParent !== null,
        );
        return !busy && !/^\s*(Loading|Processing your payment)/m.test(main.innerText);
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // Let entrance animations finish so colours are measured at rest.
  await page.waitForTimeout(400);
}

/**
 * Waits for the page's main content to load. A page may redirect once it knows who is
 * logged in (a logged-in user on /auth/login goes home; the home page reloads itself once
 * per session), so it waits again until the URL stays put.
 */
async function waitForContent(page: Page) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const url = page.url();
    await waitForSettledPage(page);
    await page.waitForTimeout(300);
    if (page.url() === url) return;
  }
}

type Finding = { rule: string; impact: string; help: string; targets: string[] };

/** Every axe violation on the page (all impacts), each with the selectors of its nodes. */
async function axeFindings(page: Page): Promise<Finding[]> {
  const run = () => new AxeBuilder({ page }).analyze();
  let results;
  try {
    results = await run();
  } catch {
    // The home page reloads itself once per session (spec §2): analyse the settled page.
    await waitForContent(page);
    results = await run();
  }
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

const isSerious = (finding: Finding) => finding.impact === 'serious' || finding.impact === 'critical';

async function attach(page: Page, testInfo: TestInfo, name: string, findings: Finding[]) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  if (findings.length > 0) {
    const report = testInfo.outputPath(`${name}-axe.json`);
    await writeFile(report, JSON.stringify(findings, null, 2));
    await testInfo.attach(`${name}-axe.json`, { path: report, contentType: 'application/json' });
  }
}

const describeFindings = (findings: Finding[]) =>
  findings.map((finding) => `${finding.rule} (${finding.impact}): ${finding.help} — ${finding.targets.join(', ')}`);

/** Axe at 1280 and 390 px, then the horizontal-scroll check at every layout width. */
async function checkRoute(page: Page, testInfo: TestInfo, url: string, label: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto(url);
    await waitForContent(page);
    const findings = await axeFindings(page);
    // Every finding is attached (moderate and minor ones too); only serious and critical fail.
    await attach(page, testInfo, `${label}-${width}`, findings);
    expect
      .soft(
        describeFindings(findings.filter(isSerious)),
        `axe: serious or critical violations on ${url} at ${width} px`,
      )
      .toEqual([]);
  }

  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.waitForTimeout(250);
    const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
      const root = document.documentElement;
      // Names the element that sticks out furthest, to make a failure actionable.
      let widest = '';
      let right = root.clientWidth;
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.right > right + 0.5 && box.width > 0) {
          right = box.right;
          const classes =
            typeof element.className === 'string' ? element.className.split(' ').slice(0, 4).join('.') : '';
          widest = `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} (right edge ${Math.round(box.right)} px)`;
        }
      }
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
    });
    expect
      .soft(scrollWidth, `${url} scrolls sideways at ${width} px${widest ? `: ${widest}` : ''}`)
      .toBeLessThanOrEqual(clientWidth);
  }
  expect.soft(errors, `uncaught errors on ${url}`).toEqual([]);
}

const slug = (name: string) => name.replace(/\s+/g, '-');

test('the check itself catches a serious violation', async ({ page }) => {
  await page.goto('/terms-of-use');
  await waitForContent(page);
  await page.evaluate(() => {
    const probe = document.createElement('button');
    probe.id = 'axe-probe';
    document.querySelector('main')!.append(probe);
  });
  const findings = (await axeFindings(page)).filter(isSerious);
  expect(findings).toContainEqual(expect.objectContaining({ rule: 'button-name', targets: ['#axe-probe'] }));
});

test.describe('logged out', () => {
  for (const route of publicRoutes) {
    test(`${route.name}`, async ({ page }, testInfo) => {
      await checkRoute(page, testInfo, route.url(ids), `visitor-${slug(route.name)}`);
    });
  }
});

test.describe('logged in (listener)', () => {
  for (const route of publicRoutes) {
    test(`${route.name}`, async ({ page }, testInfo) => {
      await logIn(page, LISTENER);
      await checkRoute(page, testInfo, route.url(ids), `listener-${slug(route.name)}`);
    });
  }

  for (const route of listenerRoutes) {
    test(`${route.name}`, async ({ page }, testInfo) => {
      await logIn(page, LISTENER);
      const playlist = route.name === 'saved details' ? await createPlaylist(page) : { id: 0, name: '', tracks: 0 };
      const url = route.url(playlist);
      await checkRoute(page, testInfo, url, `listener-${slug(route.name)}`);
      expect(new URL(page.url()).pathname, 'a logged-in user is not sent to log in').not.toBe('/auth/login');
    });
  }
});

test.describe('logged in (artist)', () => {
  test('artist analytics', async ({ page }, testInfo) => {
    await logIn(page, ARTIST);
    await checkRoute(page, testInfo, '/artist-analytics', 'artist-artist-analytics');
    expect(new URL(page.url()).pathname, 'the artist is not sent to log in').toBe('/artist-analytics');
  });
});
