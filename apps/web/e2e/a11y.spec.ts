import { Api, pathOf, urlOf } from '@tarab/contracts';
import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from './support/app-test';
import { SCREENSHOTS, waitForSettled } from './support/page-helpers';
import { test } from './support/shared-sessions';

/**
 * Accessibility and responsiveness of EVERY route of the spec's route table (spec §2):
 * axe finds no serious or critical violation at 1280 and 390 px, logged out, and logged in where the
 * page differs for a logged-in user (see `signedIn`), and no page scrolls sideways at 320, 390, 768
 * or 1280 px.
 *
 * Each route is loaded once per state (visitor, listener, artist): axe runs on the desktop
 * layout, the viewport is narrowed (the layout follows media queries, no reload needed) and axe
 * runs again on the phone layout. The pages only read, so each state shares one logged-in
 * browser page per worker (support/shared-sessions.ts) instead of logging in per test.
 */

const AXE_WIDTHS = [1280, 390] as const;
/** Checked in this order, so the two axe widths come on the way: 1280 → 768 → 390 → 320. */
const LAYOUT_WIDTHS = [1280, 768, 390, 320] as const;
const HEIGHT = 844;

type Ids = { genre: { id: number | string; name: string }; album: number | string; artist: number | string };
/**
 * `signedIn`: the page shows something else to a logged-in listener than the account menu in the header
 * (favourite and download states in rows, the plans, the success page), so it is checked in both states.
 * The header of a logged-in page is checked on every login-only route below.
 */
type Route = { name: string; url: (ids: Ids) => string; signedIn?: true };

/** The public routes, as concrete URLs (ids come from the demo catalog). */
const publicRoutes: Route[] = [
  { name: 'home', url: () => '/', signedIn: true },
  { name: 'music', url: () => '/music', signedIn: true },
  {
    name: 'music details',
    url: ({ genre }) => `/music/details/${genre.id}?title=${encodeURIComponent(genre.name)}&type=Genres`,
    signedIn: true,
  },
  { name: 'loops', url: () => '/loops', signedIn: true },
  { name: 'loops by maqam', url: () => '/loops?maqam_family=Hijaz&iqa=Maqsum' },
  { name: 'tuning files', url: () => '/tuning' },
  { name: 'albums', url: () => '/album' },
  { name: 'album detail', url: ({ album }) => `/album/detail/${album}`, signedIn: true },
  { name: 'artists', url: () => '/artists' },
  { name: 'artist detail', url: ({ artist }) => `/artist/detail/${artist}`, signedIn: true },
  { name: 'pricing', url: () => '/pricing', signedIn: true },
  { name: 'login', url: () => '/auth/login' },
  { name: 'sign-up', url: () => '/auth/sign-up' },
  { name: 'success', url: () => '/success?session_id=cs_test_a11y&music_id=1&price=4.99', signedIn: true },
  { name: 'sales agreement', url: () => '/sales-agreement' },
  { name: 'terms of use', url: () => '/terms-of-use' },
  { name: 'faqs', url: () => '/faqs' },
  { name: 'copyright', url: () => '/copyright' },
  { name: 'privacy policy', url: () => '/privacy-policy' },
  { name: 'about us', url: () => '/Aboutus' },
];

/**
 * The main pages in Arabic (issue 19): right to left, another font, other text lengths. A visitor
 * only, to keep the spec's run time down: the logged-in states differ in the header alone.
 */
const arabicRoutes: Route[] = [
  { name: 'home', url: () => '/ar/' },
  { name: 'music', url: () => '/ar/music' },
  { name: 'loops', url: () => '/ar/loops' },
  { name: 'album detail', url: ({ album }) => `/ar/album/detail/${album}` },
  { name: 'artists', url: () => '/ar/artists' },
  { name: 'pricing', url: () => '/ar/pricing' },
];

/** Login-only routes (spec §2), checked with the demo listener. */
const listenerRoutes: Array<{ name: string; url: (playlist: PlaylistRef) => string }> = [
  { name: 'saved page', url: () => '/savedPage' },
  { name: 'subscription plan', url: () => '/subscription-plan' },
  { name: 'stripe checkout', url: () => '/stripe-checkout' },
  { name: 'profile', url: () => '/profile' },
  { name: 'playlist success', url: () => '/success/playlist?session_id=cs_test_a11y' },
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
    request.post(urlOf(Api.catalog.filter, { query: { type: 'music' } })).then((response) => response.json()),
    request.get(pathOf(Api.catalog.albums)).then((response) => response.json()),
    request.get(pathOf(Api.catalog.artists)).then((response) => response.json()),
  ]);
  const genre = filter?.filters?.genres?.[0];
  ids = {
    genre: genre ? { id: genre.id, name: genre.name } : ids.genre,
    album: albums?.data?.[0]?.id ?? ids.album,
    artist: artists?.data?.data?.data?.[0]?.id ?? ids.artist,
  };
});

/** Creates a playlist with one track, from the page (the listener is logged in). */
async function createPlaylist(page: Page): Promise<PlaylistRef> {
  const name = `A11y mix ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const urls = {
    add: pathOf(Api.library.createPlaylist),
    music: urlOf(Api.catalog.music, { query: { per_page: 1 } }),
    addMusic: pathOf(Api.library.addMusic),
  };
  return page.evaluate(
    async ({ playlistName, urls }) => {
      const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();
      const post = (url: string, body: unknown) =>
        json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const created = await post(urls.add, { name: playlistName });
      const id = created.data.id;
      const music = await json(urls.music);
      const track = music?.data?.data?.[0];
      if (track) await post(urls.addMusic, { playlist_id: id, music_id: track.id });
      return { id, name: playlistName, tracks: track ? 1 : 0 };
    },
    { playlistName: name, urls },
  );
}

type Finding = { rule: string; impact: string; help: string; targets: string[] };

/** Every axe violation on the page (all impacts), each with the selectors of its nodes. */
async function axeFindings(page: Page): Promise<Finding[]> {
  const run = () => new AxeBuilder({ page }).analyze();
  let results;
  try {
    results = await run();
  } catch {
    // A navigation (a redirect once the app knows who is logged in) interrupted axe: settle, again.
    await waitForSettled(page);
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

/** Shots of every checked page and width when E2E_SCREENSHOTS=1 (support/page-helpers.ts); else only of a page with findings. */
async function attach(page: Page, testInfo: TestInfo, name: string, findings: Finding[]) {
  if (!SCREENSHOTS && findings.length === 0) return;
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

/**
 * The horizontal-scroll check, naming the element that sticks out furthest (past the right edge;
 * past the left one on right-to-left pages, where overflow goes that way).
 */
async function expectNoSidewaysScroll(page: Page, url: string, width: number) {
  const { scrollWidth, clientWidth, widest, cutOff } = await page.evaluate(() => {
    const root = document.documentElement;
    const rtl = getComputedStyle(root).direction === 'rtl';
    // How far a box sticks out of the viewport on the overflowing side (> 0: it does).
    const beyond = (box: DOMRect) => (rtl ? -box.left : box.right - root.clientWidth);
    // Names the element that sticks out furthest, to make a failure actionable.
    let widest = '';
    let furthest = 0;
    // An element clipped by an ancestor (overflow hidden inside the viewport) does not count.
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return beyond(parent.getBoundingClientRect()) <= 0.5;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (beyond(box) > furthest + 0.5 && box.width > 0 && !clipped(element)) {
        furthest = beyond(box);
        const classes = typeof element.className === 'string' ? element.className.split(' ').slice(0, 4).join('.') : '';
        const edge = rtl ? `left edge ${Math.round(box.left)} px` : `right edge ${Math.round(box.right)} px`;
        widest = `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} (${edge})`;
      }
    }
    // Text that an ancestor's `overflow: hidden` cuts off at the viewport's edge scrolls nowhere, but
    // cannot be read either (a phrase kept on one line that is wider than a phone).
    const cutOff: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const text = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      const box = element.getBoundingClientRect();
      if (!text || box.width <= 1 || box.height <= 1) continue;
      if (box.left >= -0.5 && box.right <= root.clientWidth + 0.5) continue;
      let clipper: HTMLElement | null = element.parentElement;
      while (clipper && clipper !== document.body && getComputedStyle(clipper).overflowX === 'visible') {
        clipper = clipper.parentElement;
      }
      // Inside a scrolling strip (a carousel) the rest is a scroll away.
      if (clipper && ['auto', 'scroll'].includes(getComputedStyle(clipper).overflowX)) continue;
      cutOff.push(
        `${element.tagName.toLowerCase()} "${text.slice(0, 30)}" (${Math.round(box.left)}–${Math.round(box.right)} px)`,
      );
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest, cutOff };
  });
  expect
    .soft(scrollWidth, `${url} scrolls sideways at ${width} px${widest ? `: ${widest}` : ''}`)
    .toBeLessThanOrEqual(clientWidth);
  expect.soft(cutOff, `${url} cuts text off at the edge at ${width} px`).toEqual([]);
}

/**
 * One load of the route: at each layout width the horizontal-scroll check, and at 1280 and
 * 390 px axe (every finding attached; only serious and critical ones fail).
 */
async function checkRoute(page: Page, testInfo: TestInfo, url: string, label: string) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  try {
    await page.setViewportSize({ width: LAYOUT_WIDTHS[0], height: HEIGHT });
    await page.goto(url);
    await waitForSettled(page);
    for (const width of LAYOUT_WIDTHS) {
      if (width !== LAYOUT_WIDTHS[0]) {
        await page.setViewportSize({ width, height: HEIGHT });
        await waitForSettled(page);
      }
      if ((AXE_WIDTHS as readonly number[]).includes(width)) {
        const findings = await axeFindings(page);
        await attach(page, testInfo, `${label}-${width}`, findings);
        expect
          .soft(
            describeFindings(findings.filter(isSerious)),
            `axe: serious or critical violations on ${url} at ${width} px`,
          )
          .toEqual([]);
      }
      await expectNoSidewaysScroll(page, url, width);
    }
    expect.soft(errors, `uncaught errors on ${url}`).toEqual([]);
  } finally {
    page.off('pageerror', onError);
  }
}

const slug = (name: string) => name.replace(/\s+/g, '-');

test('the check itself catches a serious violation', async ({ visitor }) => {
  await visitor.goto('/terms-of-use');
  await waitForSettled(visitor);
  await visitor.evaluate(() => {
    const probe = document.createElement('button');
    probe.id = 'axe-probe';
    document.querySelector('main')!.append(probe);
  });
  const findings = (await axeFindings(visitor)).filter(isSerious);
  expect(findings).toContainEqual(expect.objectContaining({ rule: 'button-name', targets: ['#axe-probe'] }));
});

test.describe('logged out', () => {
  for (const route of publicRoutes) {
    test(`${route.name}`, async ({ visitor }, testInfo) => {
      await checkRoute(visitor, testInfo, route.url(ids), `visitor-${slug(route.name)}`);
    });
  }
});

test.describe('in Arabic, logged out', () => {
  for (const route of arabicRoutes) {
    test(`${route.name}`, async ({ visitor }, testInfo) => {
      await checkRoute(visitor, testInfo, route.url(ids), `visitor-ar-${slug(route.name)}`);
      await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    });
  }
});

test.describe('logged in (listener)', () => {
  for (const route of publicRoutes.filter((r) => r.signedIn)) {
    test(`${route.name}`, async ({ listener }, testInfo) => {
      await checkRoute(listener, testInfo, route.url(ids), `listener-${slug(route.name)}`);
    });
  }

  for (const route of listenerRoutes) {
    test(`${route.name}`, async ({ listener }, testInfo) => {
      const playlist = route.name === 'saved details' ? await createPlaylist(listener) : { id: 0, name: '', tracks: 0 };
      const url = route.url(playlist);
      await checkRoute(listener, testInfo, url, `listener-${slug(route.name)}`);
      expect(new URL(listener.url()).pathname, 'a logged-in user is not sent to log in').not.toBe('/auth/login');
    });
  }
});

test.describe('logged in (artist)', () => {
  // Known product defect: an order card (features/analytics/components/order-card.tsx) is as wide
  // as its track title on one line, so a sale of a long-titled track makes this page scroll
  // sideways at 320 px. A fresh run (scripts/e2e.mjs empties the data folder) checks this page
  // before the commerce spec's sales; a run on a reused E2E_DATA_DIR with sales fails here.
  test('artist analytics', async ({ artist }, testInfo) => {
    await checkRoute(artist, testInfo, '/artist-analytics', 'artist-artist-analytics');
    expect(new URL(artist.url()).pathname, 'the artist is not sent to log in').toBe('/artist-analytics');
  });
  test('artist statements', async ({ artist }, testInfo) => {
    await checkRoute(artist, testInfo, '/artist-analytics?tab=statements', 'artist-statements');
    await expect(artist.getByRole('heading', { name: 'Monthly statements' })).toBeVisible();
  });
});

test.describe('logged in (operator)', () => {
  // The console's review queue and statements tabs (issue 22 parts 6-7); the other tabs are checked in admin.spec.ts.
  for (const tab of ['review', 'statements'] as const) {
    test(`operator console: ${tab}`, async ({ operator }, testInfo) => {
      await checkRoute(operator, testInfo, `/admin?tab=${tab}`, `operator-${tab}`);
      await expect(operator.getByRole('tab', { name: tab === 'review' ? 'Review' : 'Statements' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });
  }
});
