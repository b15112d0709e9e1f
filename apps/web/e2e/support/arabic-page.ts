import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { attachScreenshot, DESKTOP, horizontalOverflow, MOBILE, waitForSettled } from './page-helpers';

/**
 * An Arabic page as a reader sees it (issue 19): right to left, then at 1280 and 390 px no sideways
 * scroll and no serious or critical axe finding, with a screenshot when E2E_SCREENSHOTS=1.
 */
export async function checkArabicPage(page: Page, testInfo: TestInfo, name: string) {
  await waitForSettled(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  for (const [label, size] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await expect
      .poll(() => horizontalOverflow(page), { message: `${name} is wider than ${label} px` })
      .toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect.soft(serious, `axe on ${name} at ${label} px`).toEqual([]);
    await attachScreenshot(page, testInfo, `${name}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
}
