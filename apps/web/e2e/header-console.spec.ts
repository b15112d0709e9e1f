import { expect, type Page } from './support/app-test';
import { attachScreenshot, horizontalOverflow, MOBILE, waitForSettled } from './support/page-helpers';
import { test } from './support/shared-sessions';

/**
 * Issue #32, items 6 and 10 (console): the header fits every role from 1024 to 1440 px in both
 * languages (no two of its controls overlap; every link of spec §2 is reachable: inline, in the
 * account menu, or in the Menu), its shop links are the store's own pages when none is configured,
 * and the operator console is a tool: no footer, tables that sort and total over a date range,
 * subscriptions in Orders, every tab reachable on a phone.
 */

test.describe.configure({ timeout: 180_000 });

type Role = 'visitor' | 'artist' | 'operator';
const WIDTHS = [1024, 1280, 1440] as const;
const STORE_LINKS = ['/', '/music', '/loops', '/album', '/artists', '/savedPage', '/subscription-plan'];

/** Pairs of visible header controls whose boxes intersect (more than half a pixel both ways). */
async function overlappingControls(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const controls = Array.from(header.querySelectorAll('a, button')).filter((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    });
    const name = (element: Element) => (element.textContent ?? '').trim() || element.getAttribute('aria-label') || '?';
    const clashes: string[] = [];
    controls.forEach((a, i) => {
      const boxA = a.getBoundingClientRect();
      for (const b of controls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const boxB = b.getBoundingClientRect();
        const dx = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const dy = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
        if (dx > 0.5 && dy > 0.5) clashes.push(`${name(a)} × ${name(b)}`);
      }
    });
    // The header stays one row high: nothing wraps under it.
    const headerBox = header.getBoundingClientRect();
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.bottom > headerBox.bottom + 0.5) clashes.push(`${name(control)} below the header`);
    }
    return clashes;
  });
}

/** Every href the header offers at this width: inline, in the account menu, or in the Menu. */
async function reachableLinks(page: Page, role: Role): Promise<string[]> {
  const banner = page.getByRole('banner');
  const hrefs = new Set<string>();
  const collect = async (scope: ReturnType<Page['locator']>) => {
    for (const href of await scope
      .locator('a:visible')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.replace(/^\/ar(?=\/|$)/, '') || '/'),
      ))
      hrefs.add(href);
  };
  await collect(banner);
  const menu = banner.getByRole('button', { name: /^(Menu|القائمة)$/ });
  if (await menu.isVisible()) {
    await menu.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await collect(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  } else if (role !== 'visitor') {
    const account = banner.getByRole('button', { name: /account menu|قائمة الحساب/i });
    await account.click();
    await collect(banner);
    await page.keyboard.press('Escape');
  }
  return [...hrefs];
}

for (const role of ['visitor', 'artist', 'operator'] as const) {
  test(`the header fits a ${role} at 1024, 1280 and 1440 px in English and Arabic, every spec link reachable`, async ({
    visitor,
    artist,
    operator,
  }, testInfo) => {
    const page = { visitor, artist, operator }[role];
    for (const prefix of ['', '/ar'] as const) {
      await page.goto(`${prefix}/`);
      await waitForSettled(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect
          .poll(() => overlappingControls(page), { message: `${role} ${prefix || '/en'} at ${width}` })
          .toEqual([]);
        const links = await reachableLinks(page, role);
        for (const href of STORE_LINKS) expect(links, `${href} for a ${role} at ${width}`).toContain(href);
        // The shop pages: the store's own Enterprise and loops pages when SHOP_* is not set.
        expect(links).toContain('/enterprise');
        if (role === 'artist') expect(links).toContain('/artist-analytics');
        if (role === 'operator') expect(links).toContain('/admin');
        if (role === 'visitor') expect(links).toContain('/auth/login');
        else expect(links).toContain('/profile');
        await attachScreenshot(page, testInfo, `header-${role}${prefix ? '-ar' : ''}-${width}`, { fullPage: false });
      }
      // And on a phone, through the Menu.
      await page.setViewportSize(MOBILE);
      await expect.poll(() => overlappingControls(page)).toEqual([]);
      const phone = await reachableLinks(page, role);
      for (const href of STORE_LINKS) expect(phone).toContain(href);
      if (role === 'operator') expect(phone).toContain('/admin');
      if (role === 'artist') expect(phone).toContain('/artist-analytics');
    }
  });
}

test('the console is a tool: no footer, sortable tables with totals over a date range, subscriptions in Orders', async ({
  operator: page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  const amount = page.getByRole('columnheader', { name: 'Amount' });
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'descending');
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');

  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill(today);
  const totals = page.getByTestId('admin-orders-totals');
  await expect(totals).toContainText(/\d+ rows?/);
  await page.getByLabel('Type').selectOption('subscription');
  await expect(page.getByRole('navigation', { name: 'Pages' }).or(page.getByText('No order matches.'))).toBeVisible();
  await attachScreenshot(page, testInfo, 'console-orders-1280');

  await page.goto('/admin?tab=tracks');
  await expect(page.getByRole('table', { name: 'Tracks' })).toBeVisible();
  await expect(page.locator('audio[controls]')).toHaveCount(0);
  const title = page.getByRole('columnheader', { name: 'Title' });
  await title.getByRole('button').click();
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  await attachScreenshot(page, testInfo, 'console-tracks-1280');

  await page.goto('/ar/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة الإدارة' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'الحسابات' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'console-users-ar-1280');
});

test('every console tab is reachable on a phone, in English and Arabic, and the page never scrolls sideways', async ({
  operator: page,
}, testInfo) => {
  await page.setViewportSize(MOBILE);
  for (const prefix of ['', '/ar'] as const) {
    await page.goto(`${prefix}/admin`);
    await waitForSettled(page);
    const tabs = page.getByRole('tablist');
    const all = tabs.getByRole('tab');
    await expect(all).toHaveCount(7);
    for (let i = 0; i < 7; i++) {
      const tab = all.nth(i);
      await tab.scrollIntoViewIfNeeded();
      await expect(tab).toBeInViewport({ ratio: 0.9 });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    await attachScreenshot(page, testInfo, `console-tabs${prefix ? '-ar' : ''}-390`, { fullPage: false });
  }
});
