import { expect, test, type Page, type TestInfo } from './support/app-test';
import { horizontalOverflow } from './support/page-helpers';

/** The site's content pages: terms (and /faqs), sales agreement, copyright, privacy, about us. */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

type DocumentPage = {
  path: string;
  title: string;
  documentTitle: string;
  sections: number;
  dateLine: string;
};

const documents: DocumentPage[] = [
  {
    path: '/terms-of-use',
    title: 'Terms of Use',
    documentTitle: 'Terms of Use · Tarab',
    sections: 21,
    dateLine: 'Terms updated 24 June 2024',
  },
  {
    path: '/faqs',
    title: 'FAQs',
    documentTitle: 'FAQs · Tarab',
    sections: 21,
    dateLine: 'Terms updated 24 June 2024',
  },
  {
    path: '/sales-agreement',
    title: 'Distance Sales Agreement',
    documentTitle: 'Distance Sales Agreement · Tarab',
    sections: 11,
    dateLine: 'Agreement updated 24 June 2024',
  },
  {
    path: '/copyright',
    title: 'Copyright Policy',
    documentTitle: 'Copyright Policy · Tarab',
    sections: 8,
    dateLine: 'Policy updated 24 June 2024',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    documentTitle: 'Privacy Policy · Tarab',
    sections: 12,
    dateLine: 'Effective 29 October 2020 · Version 1.0',
  },
];

function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Web-first: after a resize, the layout follows once React has re-rendered (media queries). */
async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() => horizontalOverflow(page), { message: 'page is wider than the viewport' })
    .toBeLessThanOrEqual(0);
}

const sectionHeadings = (page: Page) => page.locator('main [data-testid="document-section"] h2');

/** Waits until a (smooth) jump has brought the section's heading just under the sticky header. */
async function expectHeadingUnderHeader(page: Page, id: string) {
  await expect
    .poll(() => headingTop(page, id), { message: `#${id} sits just under the sticky header` })
    .toBeGreaterThanOrEqual(64);
  await expect
    .poll(() => headingTop(page, id), { message: `#${id} sits just under the sticky header` })
    .toBeLessThan(200);
  await waitForScrollToSettle(page);
}

/** Waits until a smooth scroll has come to rest. */
async function waitForScrollToSettle(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const first = window.scrollY;
        setTimeout(() => resolve(window.scrollY === first), 150);
      }),
  );
}

/** The distance from the top of the viewport to the section's heading. */
const headingTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(`${sectionId}-heading`)!.getBoundingClientRect().top, id);

for (const doc of documents) {
  test(`${doc.path} renders its title, date and ${doc.sections} numbered sections`, async ({ page }, testInfo) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(doc.path);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: doc.title, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(doc.documentTitle);
    await expect(main.getByTestId('document-date')).toHaveText(doc.dateLine);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(40);
    expect(description).not.toContain('Tarab — the world');

    const headings = sectionHeadings(page);
    await expect(headings).toHaveCount(doc.sections);
    const texts = await headings.allInnerTexts();
    texts.forEach((text, index) => expect(text.replace(/\s+/g, ' ')).toMatch(new RegExp(`^${index + 1}\\. \\S`)));

    const index = page.getByRole('navigation', { name: 'On this page' });
    await expect(index.getByRole('link')).toHaveCount(doc.sections);
    await expectNoHorizontalScroll(page);
    await attachScreenshot(page, testInfo, `${doc.path.slice(1)}-1280`, false);

    await page.setViewportSize(MOBILE);
    await expect(page.getByRole('button', { name: /On this page/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await attachScreenshot(page, testInfo, `${doc.path.slice(1)}-390`, false);
    expect(errors).toEqual([]);
  });
}

test('/faqs shows the same terms as /terms-of-use', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/terms-of-use');
  await expect(sectionHeadings(page)).toHaveCount(21);
  const terms = await page.locator('main article').innerText();

  await page.goto('/faqs');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
  await expect(sectionHeadings(page)).toHaveCount(21);
  expect(await page.locator('main article').innerText()).toBe(terms);
  await expect(page.getByRole('main')).toContainText(
    'You may ask for a refund within 14 calendar days of a purchase or of a subscription renewal.',
  );
});

test('the side index scrolls to a section and marks the one being read (desktop)', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/terms-of-use');
  const index = page.getByRole('navigation', { name: 'On this page' });
  await expect(index.getByRole('link', { name: '1. Acceptance of these terms' })).toHaveAttribute(
    'aria-current',
    'location',
  );

  await index.getByRole('link', { name: '11. Refunds' }).click();
  await expect(page).toHaveURL(/\/terms-of-use#refunds$/);
  await expectHeadingUnderHeader(page, 'refunds');
  await expect(index.getByRole('link', { name: '11. Refunds' })).toHaveAttribute('aria-current', 'location');
  await expect(index.locator('[aria-current="location"]')).toHaveCount(1);
  await expect(page.locator('#refunds-heading')).toBeFocused();
  // The index stays in view beside the text (sticky).
  await expect(index).toBeInViewport();
  await attachScreenshot(page, testInfo, 'terms-index-refunds-1280', false);

  // Reading on: scrolling by hand marks the section that has reached the top.
  await page.evaluate(() => {
    const section = document.getElementById('ai-features-and-credits')!;
    window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 70, behavior: 'instant' });
  });
  await expect(index.getByRole('link', { name: '13. AI features and credits' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(index.locator('[aria-current="location"]')).toHaveCount(1);

  // A deep link opens at its section.
  await page.goto('/sales-agreement#buyers-obligations');
  const salesIndex = page.getByRole('navigation', { name: 'On this page' });
  await expect(salesIndex.getByRole('link', { name: "7. Buyer's obligations" })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expectHeadingUnderHeader(page, 'buyers-obligations');
});

test('on a phone the index is a collapsible bar under the header', async ({ page }, testInfo) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/terms-of-use');
  const bar = page.getByRole('button', { name: /On this page/ });
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(bar).toContainText('1. Acceptance of these terms');

  await bar.click();
  await expect(bar).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('navigation', { name: 'On this page' });
  await expect(panel).toBeVisible();
  await attachScreenshot(page, testInfo, 'terms-index-open-390', false);

  await panel.getByRole('link', { name: '21. Governing law and contact' }).click();
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/#governing-law-and-contact$/);
  await waitForScrollToSettle(page);
  await expect(page.locator('#governing-law-and-contact-heading')).toBeInViewport();
  await expect(bar).toContainText('21. Governing law and contact');
  // The bar stays under the header while reading.
  const barBox = await bar.boundingBox();
  expect(barBox?.y ?? -1).toBeGreaterThanOrEqual(60);
  expect(barBox?.y ?? 999).toBeLessThan(80);
  await attachScreenshot(page, testInfo, 'terms-governing-law-390', false);

  // Escape and an outside click close it.
  await bar.click();
  await page.keyboard.press('Escape');
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(bar).toBeFocused();
  await bar.click();
  await expect(panel).toBeVisible();
  await page.mouse.click(200, 800); // below the open panel
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
});

test('the page jumps without animation when the reader prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize(DESKTOP);
  await page.goto('/privacy-policy');
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: '9. Security' }).click();
  // No smooth scroll: the section is in place straight away.
  const top = await headingTop(page, 'security');
  expect(top).toBeGreaterThanOrEqual(64);
  expect(top).toBeLessThan(200);
  expect(await page.evaluate(() => window.location.hash)).toBe('#security');
});

test('the privacy policy names our real cookie and storage key', async ({ page }) => {
  await page.goto('/privacy-policy');
  const main = page.getByRole('main');
  await expect(main.getByTestId('document-date')).toHaveText('Effective 29 October 2020 · Version 1.0');
  for (const text of ['authToken', 'HttpOnly', 'Secure', 'SameSite=Strict', 'tarab.user']) {
    await expect(main.locator('code').getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(main).toContainText('hashed with argon2id');
  await expect(main).toContainText('We use no advertising cookies, no analytics cookies and no third-party tracking.');
});

test('/Aboutus tells who we are and leads to the music and pricing', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.goto('/Aboutus');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page).toHaveTitle('About us · Tarab');
    await expect(main).toContainText("world's first dedicated royalty-free oriental music store");
    await expect(main.getByRole('heading', { level: 2, name: 'How artists are paid' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await attachScreenshot(page, testInfo, `about-${viewport.width}`);
  }

  await page.getByRole('main').getByRole('link', { name: 'See pricing' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/pricing');
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Explore music' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/music');
  expect(errors).toEqual([]);
});

test('footer links reach every content page, and their links lead on', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const expected: Array<[href: string, heading: string]> = [
    ['/Aboutus', 'About us'],
    ['/faqs', 'FAQs'],
    ['/sales-agreement', 'Distance Sales Agreement'],
    ['/terms-of-use', 'Terms of Use'],
    ['/copyright', 'Copyright Policy'],
    ['/privacy-policy', 'Privacy Policy'],
  ];
  for (const [href, heading] of expected) {
    await footer.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // Spec §2: every route change starts at the top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }

  // Cross-links inside the terms reach the copyright and privacy pages; the header still works.
  await page.goto('/terms-of-use#copyright-complaints');
  await page.locator('#copyright-complaints').getByRole('link', { name: 'Copyright Policy' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Copyright Policy' })).toBeVisible();
  await page.goto('/terms-of-use#privacy');
  await page.locator('#privacy').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Tarab home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(errors).toEqual([]);
});

test('the phone menu opens above the sticky index bar', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/sales-agreement');
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Albums' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/album');
});
