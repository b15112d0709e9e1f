import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * A prerendered page shows its HTML before the app has started (decision 063): until the app has
 * hydrated it, a click on a link is a plain navigation and typing into a field does nothing of the
 * app's. Users see the page come alive in a moment; specs act at once. So every navigation of a spec
 * (`goto`, `reload`, `goBack`, `goForward`) waits, after the page's load, until the app has taken the
 * page over (`#root` is React's and no longer `aria-disabled`, start.tsx) and the network is quiet (the
 * page's chunks and first answers are in). A page without `#root` (an API answer, a file) waits for
 * nothing; `waitUntil: 'commit' | 'domcontentloaded'` opts out (a page opened with JavaScript off).
 */
const waitsForApp = Symbol('navigations wait for the app');

async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return true;
    return Object.keys(root).some((key) => key.startsWith('__reactContainer')) && !root.hasAttribute('aria-disabled');
  });
  await page.waitForLoadState('networkidle');
}

type Navigate = (this: Page, ...args: unknown[]) => Promise<unknown>;

/** Makes every page of this worker wait for the app after a navigation (one patch of Page's prototype). */
export function navigationsWaitForApp(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Record<PropertyKey, unknown>;
  if (proto[waitsForApp]) return;
  proto[waitsForApp] = true;
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = proto[name] as Navigate;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
      if (options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded') return response;
      await appStarted(this);
      return response;
    } satisfies Navigate;
  }
}

/** Playwright's `test`, with navigations that wait for the app (above). */
export const test = base.extend<{ appNavigation: void }>({
  appNavigation: [
    async ({ page }, use) => {
      navigationsWaitForApp(page);
      await use();
    },
    { auto: true },
  ],
});
