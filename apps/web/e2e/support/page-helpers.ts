import { expect, type Page, type TestInfo } from '@playwright/test';

/** Page helpers shared by the journey specs. */

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  // From the top, so the sticky header sits where it belongs in a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Screenshots at 1280 and 390 px, checking there is no horizontal scroll at either. */
export async function attachBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const [label, size] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} is wider than ${label} px`).toBeLessThanOrEqual(0);
    await attachScreenshot(page, testInfo, `${name}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
}
