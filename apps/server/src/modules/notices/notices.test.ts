import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '@tarab/contracts';
import { planPrices, subscriptions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeAlbum, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../../test/smtp-test-server.js';
import { syncSubscription } from '../commerce/subscription.service.js';
import { createLocalPaymentProvider } from '../commerce/local-payment-provider.js';
import { createCommerceNotices } from './notices.service.js';

const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const DAY = 86_400_000;

describe('receipts and notices by email', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let clock = Date.now();

  const listener = async () => {
    const user = await makeUser(t.database, { emailVerified: true, name: 'Hana Yousef' });
    return { user, token: await makeSession(t.database, user.id) };
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await buildTestApp(
      {
        publicUrl: 'https://store.example',
        mail: { smtpUrl: smtp.url, from: 'Tarab <no-reply@store.example>', operatorEmail: 'ops@store.example' },
      },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a paid order mails a receipt: track, amount, licence key and the downloads link — once', async () => {
    const { user, token } = await listener();
    const artist = await makeArtist(t.database);
    const track = await makeTrack(t.database, {
      artistId: artist.id,
      albumId: (await makeAlbum(t.database, artist.id)).id,
      title: 'Nights in Fez',
      priceCents: 1299,
    });
    const headers = bearer(token);
    const checkout = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: track.id }, headers });
    const sessionId = checkout.json.session_id;
    const pay = await callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: CARD, headers });
    expect(pay.status).toBe(200);
    const confirmPaid = () => callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers });
    const success = await confirmPaid();
    expect(success.status).toBe(200);
    // The success page again (a reload) sends nothing more.
    expect((await confirmPaid()).status).toBe(200);

    const mail = await smtp.waitFor(user.email, 'receipt for “Nights in Fez”');
    expect(mail.text).toContain('Hello Hana Yousef');
    expect(mail.text).toContain('Track: Nights in Fez');
    expect(mail.text).toContain('Amount: $12.99');
    expect(mail.text).toContain(`Licence key: ${success.json.data.license_key}`);
    expect(mail.text).toContain('https://store.example/savedPage');
    // The outbox is empty: a second receipt would be counted here.
    await t.app.mailSettled();
    expect(smtp.received.filter((m) => m.to.includes(user.email.toLowerCase()))).toHaveLength(1);
  });

  it('a subscription started and cancelled each mail a notice', async () => {
    const { user, token } = await listener();
    const headers = bearer(token);
    const intent = await callRoute(t.app, Api.commerce.setupIntent, { headers });
    const confirm = await callRoute(t.app, Api.localPayments.confirmSetup, {
      body: { ...CARD, client_secret: intent.json.clientSecret },
      headers,
    });
    const sub = await callRoute(t.app, Api.commerce.subscribe, {
      body: { price_id: 'pro_month', payment_method: confirm.json.payment_method },
      headers,
    });
    expect(sub.status).toBe(200);
    const welcome = await smtp.waitFor(user.email, 'Welcome to Tarab Pro');
    expect(welcome.text).toContain('Your Pro subscription has started');
    expect((await callRoute(t.app, Api.commerce.cancelSubscription, { headers })).status).toBe(200);
    const cancelled = await smtp.waitFor(user.email, 'subscription is cancelled');
    expect(cancelled.text).toContain('You keep access until');
  });

  it('a renewal from the provider mails a notice', async () => {
    const { user } = await listener();
    const [price] = await t.database.db.select().from(planPrices).limit(1);
    await t.database.db.insert(subscriptions).values({
      userId: user.id,
      planPriceId: price!.id,
      status: 'active',
      provider: 'local',
      providerRef: `sub_renew_${user.id}`,
      currentPeriodEnd: new Date(clock + DAY),
    });
    // The notice is queued in the app's outbox (with the change) and sent by its mail worker.
    const notices = createCommerceNotices({ outbox: t.app.outbox, links: { publicUrl: 'https://store.example' } });
    const ctx = { db: t.database.db, provider: createLocalPaymentProvider(t.database.db), notices };
    await syncSubscription(ctx, `sub_renew_${user.id}`, {
      status: 'active',
      currentPeriodEnd: new Date(clock + 31 * DAY),
    });
    const renewed = await smtp.waitFor(user.email, 'subscription renewed');
    expect(renewed.text).toContain('The next renewal is on');
  });

  it('a trial that ends within 3 days gets one reminder', async () => {
    const { user } = await listener();
    const later = await listener();
    const [price] = await t.database.db.select().from(planPrices).where(eq(planPrices.code, 'pro_month'));
    for (const [who, endsIn] of [
      [user, 2 * DAY],
      [later.user, 10 * DAY],
    ] as const) {
      await t.database.db.insert(subscriptions).values({
        userId: who.id,
        planPriceId: price!.id,
        status: 'trialing',
        provider: 'local',
        providerRef: `sub_trial_${who.id}`,
        currentPeriodEnd: new Date(clock + endsIn),
        trialEnd: new Date(clock + endsIn),
      });
    }
    expect(await t.app.trialReminders.runOnce()).toBe(1);
    const reminder = await smtp.waitFor(user.email, 'free trial ends in 3 days');
    expect(reminder.text).toContain('Your free trial of Pro ends on');
    expect(await t.app.trialReminders.runOnce()).toBe(0);
    expect(smtp.received.some((m) => m.to.includes(later.user.email.toLowerCase()))).toBe(false);
    // A week later the other trial is due.
    clock += 8 * DAY;
    expect(await t.app.trialReminders.runOnce()).toBe(1);
    await smtp.waitFor(later.user.email, 'free trial ends in 3 days');
  });
});
