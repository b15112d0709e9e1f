import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { AdminMessages, Api, IngestMessages, pathOf, urlOf } from '@tarab/contracts';
import { expect, test, type Page } from './support/app-test';
import { ok, uploadProcessed } from './support/api';
import { attachBothWidths, rememberUser, uniqueSuffix, watchPageErrors } from './support/page-helpers';
import { E2E_ADMIN_PASSWORD } from './support/demo-admin';
import { ADMIN, ARTIST } from './support/shared-sessions';

/**
 * Issue 22 part 6, pre-publication review: on a store started with MODERATION=on (a second server,
 * started here on its own port and data folder — the shared one runs with moderation off), the demo
 * artist's publish request waits in the review queue ("Waiting for review" in Your tracks), the demo
 * admin listens to it in the console's Review tab and approves it, and it is then in the catalog.
 */

const port = Number(process.env.E2E_PORT ?? 8181) + 2;
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = fileURLToPath(new URL(`../../../.tmp/e2e-moderation-${port}`, import.meta.url));
const serverEntry = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ baseURL });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await rm(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      COOKIE_SECURE: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_CATALOG: 'small',
      DEMO_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      MODERATION: 'on',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}${pathOf(Api.health.health)}`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 200_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

/** A mono 16-bit WAV: a 330 Hz pulse on every beat at 120 BPM over a soft drone. */
function pulseWav(seconds = 3, sampleRate = 44_100): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i += 1) {
    const t = i / sampleRate;
    const sample =
      0.6 * Math.exp(-(t % 0.5) * 18) * Math.sin(2 * Math.PI * 330 * t) + 0.15 * Math.sin(2 * Math.PI * 110 * t);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Letters only (the search lexicon ignores numbers), unique per run. */
const uniqueTitle = () =>
  `Review Qasida ${uniqueSuffix()
    .replace(/[^a-z]/g, '')
    .slice(0, 8)
    .replace(/^./, (c) => c.toUpperCase())}`;

async function logInAs(page: Page, who: { email: string; password: string }) {
  await page.goto(pathOf(Api.health.health));
  await ok(await page.request.post(pathOf(Api.auth.login), { data: who }));
  await rememberUser(page);
}

test('MODERATION=on: the artist asks to publish, the track waits, the admin listens and approves, it is in the catalog', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const errors = watchPageErrors(page);
  const title = uniqueTitle();

  // The artist's upload (a draft), processed by the server.
  await logInAs(page, ARTIST);
  const trackId = await uploadProcessed(
    page.request,
    { title, kind: 'music', price: 2.5 },
    { name: 'qasida.wav', buffer: pulseWav() },
  );

  // Publish from "Your tracks": it is sent for review, not published.
  await page.goto('/artist-analytics?tab=upload');
  const publish = page.getByRole('button', { name: `Publish ${title}` });
  await publish.click();
  await expect(page.getByText(IngestMessages.sentForReview)).toBeVisible();
  const withdraw = page.getByRole('button', { name: `Withdraw the publish request of ${title}` });
  await expect(withdraw).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: withdraw });
  await expect(row.getByText('Waiting for review', { exact: true })).toBeVisible();
  expect(
    (
      await ok<{ data: { data: unknown[] } }>(
        await page.request.get(urlOf(Api.catalog.music, { query: { keyword: title } })),
      )
    ).data.data,
  ).toEqual([]);
  await attachBothWidths(page, testInfo, 'moderation-artist-waiting');

  // The operator's Review tab: the track with its analysis and its waveform; listen, approve.
  const operatorContext = await browser.newContext({ baseURL });
  const operator = await operatorContext.newPage();
  const operatorErrors = watchPageErrors(operator);
  await logInAs(operator, ADMIN);
  await operator.goto('/admin?tab=review');
  await expect(operator.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  const item = operator.getByTestId(`review-track-${trackId}`);
  await expect(item.getByRole('heading', { name: title })).toBeVisible();
  await expect(item.getByTestId('upload-waveform')).toHaveAttribute('data-state', 'ready');
  await expect(item.getByText('Duration')).toBeVisible();
  await item.getByRole('button', { name: `Play the preview of ${title}` }).click();
  await expect(item.getByRole('button', { name: `Pause the preview of ${title}` })).toBeVisible();
  await item.getByRole('button', { name: `Pause the preview of ${title}` }).click();
  await attachBothWidths(operator, testInfo, 'moderation-review-queue');
  const axe = await new AxeBuilder({ page: operator }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // A double click approves once.
  await item.getByRole('button', { name: `Approve ${title}` }).dblclick();
  await expect(operator.getByText(AdminMessages.approved)).toBeVisible();
  await expect(item).toBeHidden();
  const audit = await ok<{ data: Array<{ action: string; target_id: number }> }>(
    await operator.request.get(pathOf(Api.admin.audit)),
  );
  expect(audit.data.filter((e) => e.action === 'track.approve' && e.target_id === trackId)).toHaveLength(1);

  // In the catalog, and "Published" for the artist.
  const found = await ok<{ data: { data: Array<{ id: number }> } }>(
    await operator.request.get(urlOf(Api.catalog.music, { query: { keyword: title } })),
  );
  expect(found.data.data.map((track) => track.id)).toEqual([trackId]);
  await operator.goto('/music');
  await operator.getByPlaceholder('search your favorite music').fill(title);
  await operator.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(operator.getByText(title).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();

  // A listener buys it (its own API context, not the artist's page): this month's statement shows the sale, to the artist and to the operator.
  const email = `statement-buyer.${uniqueSuffix()}@example.com`;
  const password = 'desert-rose-2024!';
  const registered = await ok<{ data: { token: string } }>(
    await request.post(pathOf(Api.auth.register), {
      data: { name: 'E2E buyer', email, password, password_confirmation: password },
    }),
  );
  const buyer = { authorization: `Bearer ${registered.data.token}` };
  const checkout = await ok<{ session_id: string }>(
    await request.post(pathOf(Api.commerce.checkout), { headers: buyer, data: { music_id: trackId } }),
  );
  await ok(
    await request.post(pathOf(Api.localPayments.pay, { id: checkout.session_id }), {
      headers: buyer,
      data: { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  );
  await ok(
    await request.get(urlOf(Api.commerce.success, { query: { session_id: checkout.session_id } }), { headers: buyer }),
  );
  await page.goto('/artist-analytics?tab=statements');
  const table = page.getByRole('region', { name: 'Your monthly statements' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: '1 · $2.50' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '$1.75' }).first()).toBeVisible();
  await attachBothWidths(page, testInfo, 'statements-artist');
  await operator.goto('/admin?tab=statements');
  const all = operator.getByRole('region', { name: /^Artist statements, / });
  await expect(all.getByRole('rowheader', { name: 'Nour al-Layl Ensemble' })).toBeVisible();
  await attachBothWidths(operator, testInfo, 'statements-operator');
  const csv = await operator.request.get(
    urlOf(Api.admin.statementsCsv, { query: { month: new Date().toISOString().slice(0, 7) } }),
  );
  expect(await csv.text()).toContain(',Nour al-Layl Ensemble,1,2.50,0,0.00,2.50,0,0.00,2.50,1.75,0,0.00,1.75,usd');
  await operatorContext.close();
  expect(errors).toEqual([]);
  expect(operatorErrors).toEqual([]);
});
