import AxeBuilder from '@axe-core/playwright';
import { AdminMessages, Api, pathOf, urlOf } from '@tarab/contracts';
import { expect, test, type APIRequestContext, type Page } from './support/app-test';
import { ok, uploadProcessed } from './support/api';
import { ADMIN } from './support/demo-admin';
import { waitForMail } from './support/mailbox';
import { attachBothWidths, rememberUser, uniqueSuffix, watchPageErrors } from './support/page-helpers';

/**
 * Issue 22, the operator console: the demo admin refunds an order (its licence's verify page then
 * says revoked), disables an account (its session ends, its login is refused with the message, and
 * re-enabling lets it in), and takes an artist's track down (the artist is emailed and reads the
 * reason in their tracks list). Each journey makes its own buyer, account or track.
 */

const ARTIST = { email: 'artist@tarab.test', password: 'create-for-tarab' };
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const PASSWORD = 'desert-rose-2024!';

test.describe.configure({ timeout: 180_000 });

/** A new account by the API; answers its email and Bearer headers. */
async function newAccount(request: APIRequestContext, label: string) {
  const email = `${label}.${uniqueSuffix()}@example.com`;
  const body = await ok<{ data: { token: string } }>(
    await request.post(pathOf(Api.auth.register), {
      data: { name: `E2E ${label}`, email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  return { email, headers: { authorization: `Bearer ${body.data.token}` } };
}

async function logInAs(page: Page, who: { email: string; password: string }) {
  await ok(await page.request.post(pathOf(Api.auth.login), { data: who }));
  await rememberUser(page);
}

/** Every axe violation (all impacts) on the page: the console must have none. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openConsole(page: Page, tab: 'users' | 'orders' | 'tracks' | 'audit') {
  await page.goto(tab === 'users' ? '/admin' : `/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
}

test('refund: the admin refunds a paid order once, and its licence then verifies as revoked', async ({
  page,
  request,
}, testInfo) => {
  const errors = watchPageErrors(page);
  const buyer = await newAccount(request, 'refund-buyer');
  const music = await ok<{ data: { data: Array<{ id: number; title: string }> } }>(
    await request.get(urlOf(Api.catalog.music, { query: { per_page: 5 } })),
  );
  const track = music.data.data[0]!;
  const checkout = await ok<{ session_id: string }>(
    await request.post(pathOf(Api.commerce.checkout), { headers: buyer.headers, data: { music_id: track.id } }),
  );
  await ok(
    await request.post(pathOf(Api.localPayments.pay, { id: checkout.session_id }), {
      headers: buyer.headers,
      data: CARD,
    }),
  );
  const paid = await ok<{ data: { order_id: number; license_key: string } }>(
    await request.get(urlOf(Api.commerce.success, { query: { session_id: checkout.session_id } }), {
      headers: buyer.headers,
    }),
  );

  await logInAs(page, ADMIN);
  await openConsole(page, 'orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(buyer.email);
  const row = page.getByTestId(`admin-order-${paid.data.order_id}`);
  await expect(row.getByText('paid', { exact: true })).toBeVisible();
  await attachBothWidths(page, testInfo, 'admin-orders');
  await row.getByRole('button', { name: `Refund order ${paid.data.order_id}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund order #${paid.data.order_id}?` });
  await expect(dialog).toBeVisible();
  // A double click on the confirmation: still one refund.
  // (The second click's answer is the one shown: "refunded" or "already refunded", never an error.)
  await dialog.getByRole('button', { name: /^Refund / }).dblclick();
  await expect(
    page.getByText(AdminMessages.refunded).or(page.getByText(AdminMessages.alreadyRefunded)).first(),
  ).toBeVisible();
  await expect(row.getByText('refunded', { exact: true })).toBeVisible();
  await expect(row.getByText(/\(revoked\)/)).toBeVisible();

  await page.goto(`/verify/${paid.data.license_key}`);
  await expect(page.getByText(/This licence was revoked/)).toBeVisible();

  await openConsole(page, 'audit');
  const entries = page.getByTestId('audit-entry').filter({ hasText: `order #${paid.data.order_id}` });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('order.refund');
  await expect(entries.first()).toContainText(ADMIN.email);
  await attachBothWidths(page, testInfo, 'admin-audit');
  expect(errors).toEqual([]);
});

test('disable: the account is logged out at once, its login is refused with the message; enable lets it back in', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const errors = watchPageErrors(page);
  const account = await newAccount(request, 'disabled');
  expect((await request.get(pathOf(Api.auth.me), { headers: account.headers })).status()).toBe(200);

  await logInAs(page, ADMIN);
  await openConsole(page, 'users');
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(account.email);
  await page.getByRole('button', { name: `Disable ${account.email}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Disable this account?' });
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText(AdminMessages.userDisabled)).toBeVisible();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await attachBothWidths(page, testInfo, 'admin-users');
  await expectNoAxeViolations(page);

  expect((await request.get(pathOf(Api.auth.me), { headers: account.headers })).status()).toBe(401);
  // The login form shows the reason.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/auth/login');
  await visitor.getByLabel('Email').fill(account.email);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: /log in/i }).click();
  await expect(visitor.getByText(AdminMessages.accountDisabled)).toBeVisible();

  await page.getByRole('button', { name: `Enable ${account.email}` }).click();
  await expect(page.getByText(AdminMessages.userEnabled)).toBeVisible();
  const again = await other.request.post(pathOf(Api.auth.login), {
    data: { email: account.email, password: PASSWORD },
  });
  expect(again.status()).toBe(200);
  await other.close();
  expect(errors).toEqual([]);
});

/** A mono 16-bit PCM WAV: one second of a quiet 220 Hz tone. */
function toneWav(): Buffer {
  const rate = 44_100;
  const data = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++)
    data.writeInt16LE(Math.round(0.3 * 32_767 * Math.sin((2 * Math.PI * 220 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('take down: the track leaves the store, the artist is emailed and reads the reason in their tracks list', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000); // Two browsers (operator and artist), an email and a zip: about 50 s on two cores.
  const errors = watchPageErrors(page);
  // The demo artist uploads and publishes a track of its own for this journey.
  const artist = await browser.newContext();
  const artistPage = await artist.newPage();
  await ok(await artistPage.request.post(pathOf(Api.auth.login), { data: ARTIST }));
  const title = `Takedown Taqsim ${uniqueSuffix()}`;
  const trackId = await uploadProcessed(
    artistPage.request,
    { title, kind: 'music', price: 3, publish: true },
    { name: 'takedown.wav', buffer: toneWav() },
    90_000,
  );
  await ok(await artistPage.request.post(pathOf(Api.ingest.publish, { id: trackId })));

  await logInAs(page, ADMIN);
  await openConsole(page, 'tracks');
  await page.getByRole('searchbox', { name: 'Search tracks' }).fill(title);
  const row = page.getByTestId(`admin-track-${trackId}`);
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  // The preview plays in the store's own player (issue #32), not in a native audio control.
  await expect(row.getByRole('button', { name: `Play ${title}` })).toBeVisible();
  await attachBothWidths(page, testInfo, 'admin-tracks');
  await row.getByRole('button', { name: `Take down ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Take this track down' });
  await dialog.getByLabel('Reason').selectOption('copyright');
  await dialog.getByLabel(/Note to the artist/).fill('A claim from the composer’s publisher.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Take down' }).click();
  await expect(page.getByText(AdminMessages.takenDown)).toBeVisible();
  await expect(row.getByText('Taken down', { exact: true })).toBeVisible();

  const search = await ok<{ data: Array<{ id: number; title: string }> }>(
    await page.request.post(pathOf(Api.catalog.search), { data: { keyword: title } }),
  );
  expect(search.data.map((t) => t.id)).not.toContain(trackId);
  const mail = await waitForMail(testInfo, ARTIST.email, `“${title}” was taken down`);
  expect(mail.text).toContain('Copyright claim');

  await rememberUser(artistPage);
  await artistPage.goto('/artist-analytics?tab=upload');
  const ownRow = artistPage.getByRole('listitem').filter({ hasText: title });
  await expect(ownRow.getByTestId('takedown-reason')).toHaveText(
    'Taken down by Tarab: Copyright claim — A claim from the composer’s publisher.',
    {
      timeout: 20_000,
    },
  );
  await expect(artistPage.getByRole('button', { name: `Publish ${title}` })).toBeDisabled();
  await artist.close();
  expect(errors).toEqual([]);
});
