import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, AccountMessages, Api, AuthMessages, Messages, pathOf } from '@tarab/contracts';
import {
  accountTokens,
  artists,
  favourites,
  licenses,
  orders,
  planPrices,
  playlists,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  bearer,
  makeAlbum,
  makeArtist,
  makeLicense,
  makeSession,
  makeTrack,
  makeUser,
} from '../../../test/factories.js';
import { linkToken, parseMail, startSmtpTestServer, type SmtpTestServer } from '../../../test/smtp-test-server.js';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fake-google.js';
import { hashSessionToken } from './session-token.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PASSWORD = 'maqam-hijaz-42';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';

describe('accounts by email (SMTP)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let clock = Date.now();
  let n = 0;
  const email = () => `listener${++n}.${Date.now()}@example.com`;

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = {}) => {
    const res = await t.app.inject({ method, url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() as Json, headers: res.headers, cookies: res.cookies };
  };
  const register = async (address = email(), userAgent = CHROME) => {
    const res = await call(
      'POST',
      '/api/register',
      { name: 'Layla Nour', email: address, password: PASSWORD, password_confirmation: PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(res.status).toBe(200);
    return { email: address, token: res.body.data.token as string, id: res.body.data.user.id as number };
  };
  const login = async (address: string, password = PASSWORD, userAgent = CHROME) =>
    call('POST', '/api/api_login', { email: address, password }, { 'user-agent': userAgent });

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

  describe('verify email', () => {
    it('sign-up mails a 24-hour link over SMTP; the link confirms the address once', async () => {
      const account = await register();
      const mail = await smtp.waitFor(account.email, 'Confirm your email');
      expect(mail.raw).toMatch(/^From: Tarab <no-reply@store\.example>/m);
      expect(mail.text).toContain('https://store.example/auth/verify-email?token=');
      expect(mail.raw).toContain('Content-Type: text/html');
      const token = linkToken(mail);
      // Only the hash is stored.
      const [row] = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, account.id));
      expect(row?.tokenHash).toBe(hashSessionToken(token));
      expect(JSON.stringify(row)).not.toContain(token);

      expect((await call('GET', '/api/me', undefined, bearer(account.token))).body.email_verified).toBe(false);
      const verified = await call('POST', '/api/email/verify', { token });
      expect(verified).toMatchObject({ status: 200, body: { message: AccountMessages.emailVerified } });
      expect((await call('GET', '/api/me', undefined, bearer(account.token))).body.email_verified).toBe(true);

      const again = await call('POST', '/api/email/verify', { token });
      expect(again.status).toBe(422);
      expect(again.body).toEqual({
        code: 'verify_link_invalid',
        message: AccountMessages.verifyLinkInvalid,
        errors: { token: [AccountMessages.verifyLinkInvalid] },
        field_codes: { token: ['verify_link_invalid'] },
      });
    });

    it('a link older than 24 hours or for a replaced address does not work; resend sends a new one', async () => {
      const account = await register();
      const first = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      clock += 24 * 3600_000 + 1000;
      expect((await call('POST', '/api/email/verify', { token: first })).status).toBe(422);
      const resent = await call('POST', '/api/email/resend', undefined, bearer(account.token));
      expect(resent).toMatchObject({ status: 200, body: { message: AccountMessages.verificationSent } });
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(account.email)).length).toBe(2);
      const second = linkToken(smtp.received.filter((m) => m.to.includes(account.email))[1]!);
      expect((await call('POST', '/api/email/verify', { token: second })).status).toBe(200);
      const done = await call('POST', '/api/email/resend', undefined, bearer(account.token));
      expect(done.body.message).toBe(AccountMessages.emailAlreadyVerified);
      expect((await call('POST', '/api/email/resend')).status).toBe(401);
      expect((await call('POST', '/api/email/verify', {})).body.errors).toEqual({
        token: [AccountMessages.tokenRequired],
      });
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown and known addresses; only the known one gets mail', async () => {
      const unknown = email();
      const account = await register();
      const a = await call('POST', '/api/password/forgot', { email: unknown });
      const b = await call('POST', '/api/password/forgot', { email: account.email.toUpperCase() });
      expect(a).toMatchObject({ status: 200, body: { message: AccountMessages.resetRequested } });
      expect(b.body).toEqual(a.body);
      await smtp.waitFor(account.email, 'Reset your Tarab password');
      expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
    });

    it('a reset link sets a new password once, ends every session and sends a notice', async () => {
      const account = await register();
      const other = (await login(account.email, PASSWORD, FIREFOX)).body.data.token as string;
      await call('POST', '/api/password/forgot', { email: account.email });
      const mail = await smtp.waitFor(account.email, 'Reset your Tarab password');
      expect(mail.text).toContain('https://store.example/auth/reset-password?token=');
      const token = linkToken(mail);

      const common = await call('POST', '/api/password/reset', {
        token,
        password: 'password123',
        password_confirmation: 'password123',
      });
      expect(common.status).toBe(422);
      expect(common.body.errors).toEqual({ password: [AuthMessages.passwordCommon] });
      const mismatch = await call('POST', '/api/password/reset', {
        token,
        password: 'oud-and-qanun-7',
        password_confirmation: 'oud-and-qanun-8',
      });
      expect(mismatch.body.errors).toEqual({ password: [AuthMessages.passwordConfirmationMismatch] });

      const fresh = 'oud-and-qanun-7';
      const reset = await call('POST', '/api/password/reset', {
        token,
        password: fresh,
        password_confirmation: fresh,
      });
      expect(reset).toMatchObject({ status: 200, body: { message: AccountMessages.passwordReset } });
      expect((await call('GET', '/api/me', undefined, bearer(account.token))).status).toBe(401);
      expect((await call('GET', '/api/me', undefined, bearer(other))).status).toBe(401);
      expect((await login(account.email)).status).toBe(401);
      const relogin = await login(account.email, fresh);
      expect(relogin.status).toBe(200);
      // The link proved the address.
      expect(relogin.body.data.user.email_verified).toBe(true);
      await smtp.waitFor(account.email, 'password was changed');

      const reuse = await call('POST', '/api/password/reset', { token, password: fresh, password_confirmation: fresh });
      expect(reuse.status).toBe(422);
      expect(reuse.body.errors).toEqual({ token: [AccountMessages.resetLinkInvalid] });
    });

    it('a reset link expires after 30 minutes, and only the newest link works', async () => {
      const account = await register();
      await call('POST', '/api/password/forgot', { email: account.email });
      const first = linkToken(await smtp.waitFor(account.email, 'Reset your'));
      await call('POST', '/api/password/forgot', { email: account.email });
      await expect
        .poll(
          () => smtp.received.filter((m) => m.subject.includes('Reset your') && m.to.includes(account.email)).length,
        )
        .toBe(2);
      const second = linkToken(
        smtp.received.filter((m) => m.subject.includes('Reset your') && m.to.includes(account.email))[1]!,
      );
      const body = (token: string) => ({
        token,
        password: 'darbuka-rhythm-9',
        password_confirmation: 'darbuka-rhythm-9',
      });
      expect((await call('POST', '/api/password/reset', body(first))).status).toBe(422);
      clock += 30 * 60_000 + 1000;
      expect((await call('POST', '/api/password/reset', body(second))).status).toBe(422);
    });
  });

  describe('PATCH /api/me', () => {
    it('changes the name without a password', async () => {
      const account = await register();
      const res = await call('PATCH', '/api/me', { name: 'Layla N.' }, bearer(account.token));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: AccountMessages.profileUpdated, data: { user: { name: 'Layla N.' } } });
    });

    it('changes the email with the current password: the new address re-verifies, the old one gets a notice', async () => {
      const account = await register();
      const taken = await register();
      const next = email();
      const noPassword = await call('PATCH', '/api/me', { email: next }, bearer(account.token));
      expect(noPassword.status).toBe(422);
      expect(noPassword.body.errors).toEqual({ current_password: [AccountMessages.currentPasswordRequired] });
      const wrong = await call(
        'PATCH',
        '/api/me',
        { email: next, current_password: 'nope-nope' },
        bearer(account.token),
      );
      expect(wrong.body.errors).toEqual({ current_password: [AccountMessages.currentPasswordWrong] });
      const clash = await call(
        'PATCH',
        '/api/me',
        { email: taken.email, current_password: PASSWORD },
        bearer(account.token),
      );
      expect(clash.body.errors).toEqual({ email: [AuthMessages.emailTaken] });

      const oldLink = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      const res = await call('PATCH', '/api/me', { email: next, current_password: PASSWORD }, bearer(account.token));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: AccountMessages.emailChangePending,
        data: { user: { email: next, email_verified: false } },
      });
      const notice = await smtp.waitFor(account.email, 'email is changing');
      expect(notice.text).toContain(next);
      // The link sent to the old address no longer confirms anything.
      expect((await call('POST', '/api/email/verify', { token: oldLink })).status).toBe(422);
      const newLink = linkToken(await smtp.waitFor(next, 'Confirm your email'));
      expect((await call('POST', '/api/email/verify', { token: newLink })).status).toBe(200);
      expect((await login(next)).body.data.user).toMatchObject({ email: next, email_verified: true });
      expect((await login(account.email)).status).toBe(401);
    });

    it('changes the password with the current one; other sessions end, this one stays; a notice follows', async () => {
      const account = await register();
      const other = (await login(account.email, PASSWORD, FIREFOX)).body.data.token as string;
      const fresh = 'ney-flute-breath-3';
      const res = await call(
        'PATCH',
        '/api/me',
        { password: fresh, password_confirmation: fresh, current_password: PASSWORD },
        bearer(account.token),
      );
      expect(res).toMatchObject({ status: 200, body: { message: AccountMessages.passwordChanged } });
      expect((await call('GET', '/api/me', undefined, bearer(account.token))).status).toBe(200);
      expect((await call('GET', '/api/me', undefined, bearer(other))).status).toBe(401);
      expect((await login(account.email, fresh)).status).toBe(200);
      await smtp.waitFor(account.email, 'password was changed');
    });
  });

  describe('sessions', () => {
    it('lists the devices with the current one marked, and logs out everywhere else', async () => {
      const account = await register(email(), CHROME);
      const other = (await login(account.email, PASSWORD, FIREFOX)).body.data.token as string;
      const list = await call('GET', '/api/me/sessions', undefined, bearer(account.token));
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(2);
      const current = list.body.data.find((s: Json) => s.current);
      expect(current.device).toBe('Chrome on Linux');
      expect(list.body.data.find((s: Json) => !s.current).device).toBe('Firefox on Windows');
      const revoked = await call('DELETE', '/api/me/sessions/others', undefined, bearer(account.token));
      expect(revoked).toMatchObject({
        status: 200,
        body: { message: AccountMessages.otherSessionsRevoked, revoked: 1 },
      });
      expect((await call('GET', '/api/me', undefined, bearer(other))).status).toBe(401);
      expect((await call('GET', '/api/me/sessions', undefined, bearer(account.token))).body.data).toHaveLength(1);
    });
  });

  describe('export and delete', () => {
    it('exports profile, orders, licences, playlists and favourites as a JSON download', async () => {
      const account = await register();
      const artist = await makeArtist(t.database);
      const track = await makeTrack(t.database, {
        artistId: artist.id,
        albumId: (await makeAlbum(t.database, artist.id)).id,
      });
      await makeLicense(t.database, account.id, track.id);
      await call('POST', '/api/music/favorite', { music_id: track.id }, bearer(account.token));
      await call('POST', '/api/playlists/add', { name: 'Evening' }, bearer(account.token));
      const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(account.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="tarab-my-data.json"');
      const data = AccountExport.parse(res.json());
      expect(data.profile).toMatchObject({ id: account.id, email: account.email, email_verified: false });
      expect(data.licenses).toHaveLength(1);
      expect(data.favourites).toEqual([expect.objectContaining({ track_id: track.id })]);
      expect(data.playlists).toEqual([expect.objectContaining({ name: 'Evening' })]);
      expect(JSON.stringify(data)).not.toMatch(/password|token_hash|argon2/i);
    });

    it('deletes the account with the password: personal data goes, the licence and the order stay', async () => {
      const account = await register();
      const artist = await makeArtist(t.database);
      const track = await makeTrack(t.database, { artistId: artist.id });
      const [order] = await t.database.db
        .insert(orders)
        .values({
          userId: account.id,
          trackId: track.id,
          amountCents: 999,
          status: 'paid',
          provider: 'local',
          providerRef: `del-${account.id}`,
        })
        .returning();
      const licence = await makeLicense(t.database, account.id, track.id);
      // The account's library and its own artist profile (each written by its module, in one transaction).
      await call('POST', '/api/music/favorite', { music_id: track.id }, bearer(account.token));
      await call('POST', '/api/playlists/add', { name: 'Evening' }, bearer(account.token));
      const ownProfile = await makeArtist(t.database, 'Own Ensemble', account.id);

      const wrong = await call('DELETE', '/api/me', { password: 'not-mine-1' }, bearer(account.token));
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ password: [AccountMessages.passwordWrong] });
      expect((await call('DELETE', '/api/me', {}, bearer(account.token))).status).toBe(422);

      const res = await call('DELETE', '/api/me', { password: PASSWORD }, bearer(account.token));
      expect(res).toMatchObject({ status: 200, body: { message: AccountMessages.accountDeleted } });
      expect(res.cookies.find((c) => c.name === 'authToken')?.value).toBe('');
      expect((await call('GET', '/api/me', undefined, bearer(account.token))).status).toBe(401);
      expect((await login(account.email)).body).toEqual({
        code: 'invalid_credentials',
        message: Messages.invalidCredentials,
      });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row).toMatchObject({
        name: 'Deleted account',
        email: `deleted-${account.id}@deleted.invalid`,
        passwordHash: null,
        phone: null,
      });
      expect(row?.deletedAt).toBeInstanceOf(Date);
      const [keptOrder] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(keptOrder).toMatchObject({ userId: account.id, amountCents: 999 });
      const [keptLicence] = await t.database.db.select().from(licenses).where(eq(licenses.id, licence.id));
      expect(keptLicence?.licenseKey).toBe(licence.licenseKey);
      expect(await t.database.db.select().from(playlists).where(eq(playlists.userId, account.id))).toEqual([]);
      expect(await t.database.db.select().from(favourites).where(eq(favourites.userId, account.id))).toEqual([]);
      const [profile] = await t.database.db.select().from(artists).where(eq(artists.id, ownProfile.id));
      expect(profile).toMatchObject({ name: 'Own Ensemble', userId: null });
      await smtp.waitFor(account.email, 'account was deleted');
      // The address is free again.
      await register(account.email);
    });

    it('an account without a password confirms with its email; a live subscription must be cancelled first', async () => {
      const user = await makeUser(t.database);
      const token = await makeSession(t.database, user.id);
      const missing = await call('DELETE', '/api/me', {}, bearer(token));
      expect(missing.body.errors).toEqual({ confirm_email: [AccountMessages.confirmEmailRequired] });
      const [price] = await t.database.db.select().from(planPrices).limit(1);
      const [live] = await t.database.db
        .insert(subscriptions)
        .values({
          userId: user.id,
          planPriceId: price!.id,
          status: 'active',
          provider: 'local',
          providerRef: `sub_delete_${user.id}`,
          currentPeriodEnd: new Date(clock + 30 * 86_400_000),
        })
        .returning();
      const blocked = await call('DELETE', '/api/me', { confirm_email: user.email.toUpperCase() }, bearer(token));
      expect(blocked).toMatchObject({
        status: 409,
        body: { code: 'cancel_subscription_first', message: AccountMessages.cancelSubscriptionFirst },
      });
      await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, live!.id));
      const ok = await call('DELETE', '/api/me', { confirm_email: user.email.toUpperCase() }, bearer(token));
      expect(ok.status).toBe(200);
      // The subscription history stays with the anonymised row.
      expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    });
  });
});

describe('accounts by email (.eml files, no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const address = `file-mail.${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Samir', email: address, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const dir = path.join(t.dataDir, 'mail');
    await expect.poll(async () => (await fs.readdir(dir).catch(() => [])).length).toBe(1);
    const [file] = await fs.readdir(dir);
    expect(file).toMatch(/\.eml$/);
    const raw = await fs.readFile(path.join(dir, file!), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${address.replace(/\./g, '\\.')}$`, 'm'));
    const mail = parseMail(raw);
    expect(mail.subject).toBe('Confirm your email for Tarab');
    const token = linkToken(mail);
    const verified = await t.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
    expect(verified.statusCode).toBe(200);
  });
});

describe('accounts by email: rate limits', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await buildTestApp({
      mail: { smtpUrl: smtp.url, from: 'Tarab <no-reply@store.example>', operatorEmail: 'ops@store.example' },
      accountRateLimit: { windowSeconds: 900, resend: 2, forgot: 5, useLink: 3, settings: 2 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('resend is limited per user; 429 with Retry-After in the one error shape', async () => {
    const user = await makeUser(t.database);
    const token = await makeSession(t.database, user.id);
    expect((await post('/api/email/resend', undefined, bearer(token))).statusCode).toBe(200);
    expect((await post('/api/email/resend', undefined, bearer(token))).statusCode).toBe(200);
    const limited = await post('/api/email/resend', undefined, bearer(token));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
  });

  it('forgot-password is limited per IP, and mails one address at most 3 times an hour', async () => {
    const user = await makeUser(t.database, { emailVerified: true });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/password/forgot', { email: user.email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The mail goes out in the background: every send started by the answers has ended.
    await t.app.mailSettled();
    expect(smtp.received.filter((m) => m.to.includes(user.email.toLowerCase()))).toHaveLength(3);
  });

  it('links are limited per IP: guessing tokens stops at the limit', async () => {
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push((await post('/api/email/verify', { token: `guess-${i}` })).statusCode);
    expect(guesses).toEqual([422, 422, 422, 429]);
  });
});

describe('proofs of a change, links voided by a new password, greetings (issue #31)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let google: FakeGoogle;
  let n = 0;
  const CLIENT_ID = 'proof-client.apps.googleusercontent.com';
  const address = () => `proof${++n}.${Date.now()}@example.com`;

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = {}) => {
    const res = await t.app.inject({ method, url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() as Json };
  };
  /** An account created by Google sign-in: no password, the email verified by Google. */
  const googleAccount = async () => {
    const sub = `g-proof-${++n}`;
    const email = address();
    const signIn = await call('POST', pathOf(Api.auth.socialCallback, { provider: 'google' }), {
      access_token: google.issue({ aud: CLIENT_ID, sub, email, email_verified: true, name: 'Rami Saleh' }),
    });
    expect(signIn.status).toBe(200);
    const token = signIn.body.token as string;
    return { sub, email, token, auth: bearer(token), id: signIn.body.user.id as number };
  };
  const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const fresh = 'santur-strings-77';
  const setPassword = { password: fresh, password_confirmation: fresh };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    google = await startFakeGoogle();
    t = await buildTestApp({
      publicUrl: 'https://store.example',
      mail: { smtpUrl: smtp.url, from: 'Tarab <no-reply@store.example>', operatorEmail: 'ops@store.example' },
      google: { clientId: CLIENT_ID, tokenInfoUrl: google.tokenInfoUrl, userInfoUrl: google.userInfoUrl },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await google?.close();
  });

  describe('an account without a password (Google only)', () => {
    it('changes neither its email nor its password on the session alone', async () => {
      const account = await googleAccount();
      const before = await rowOf(account.id);
      for (const body of [{ email: address() }, setPassword, { email: address(), ...setPassword }]) {
        const res = await call('PATCH', pathOf(Api.account.updateMe), body, account.auth);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body).toEqual({
          code: 'proof_required',
          message: AccountMessages.proofRequired,
          errors: { google_access_token: [AccountMessages.proofRequired] },
          field_codes: { google_access_token: ['proof_required'] },
        });
      }
      expect(await rowOf(account.id)).toEqual(before);
      // The name needs no proof.
      const named = await call('PATCH', pathOf(Api.account.updateMe), { name: 'Rami S.' }, account.auth);
      expect(named).toMatchObject({ status: 200, body: { data: { user: { name: 'Rami S.' } } } });
    });

    it('refuses the token of another Google account, an expired one and one Google does not know (403)', async () => {
      const account = await googleAccount();
      const other = await googleAccount();
      const before = await rowOf(account.id);
      const tokens = [
        google.issue({ aud: CLIENT_ID, sub: other.sub, email: other.email, email_verified: true }),
        google.issue({ aud: CLIENT_ID, sub: account.sub, email: account.email, email_verified: true, expiresIn: 0 }),
        google.issue({
          aud: 'someone-else.apps.googleusercontent.com',
          sub: account.sub,
          email: account.email,
          email_verified: true,
        }),
        'ya29.not-a-token-google-issued',
      ];
      for (const google_access_token of tokens) {
        for (const body of [{ email: address() }, setPassword]) {
          const res = await call('PATCH', pathOf(Api.account.updateMe), { ...body, google_access_token }, account.auth);
          expect(res.status, google_access_token).toBe(403);
          expect(res.body).toEqual({ code: 'google_proof_wrong', message: AccountMessages.googleProofWrong });
        }
      }
      expect(await rowOf(account.id)).toEqual(before);
    });

    it('changes its email and sets a password with a fresh token of its own Google subject', async () => {
      const account = await googleAccount();
      const proof = () =>
        google.issue({ aud: CLIENT_ID, sub: account.sub, email: account.email, email_verified: true });
      const next = address();
      const changed = await call(
        'PATCH',
        pathOf(Api.account.updateMe),
        { email: next, google_access_token: proof() },
        account.auth,
      );
      expect(changed).toMatchObject({
        status: 200,
        body: { message: AccountMessages.emailChangePending, data: { user: { email: next, email_verified: false } } },
      });
      await smtp.waitFor(next, 'Confirm your email');
      const set = await call(
        'PATCH',
        pathOf(Api.account.updateMe),
        { ...setPassword, google_access_token: proof() },
        account.auth,
      );
      expect(set).toMatchObject({ status: 200, body: { message: AccountMessages.passwordChanged } });
      expect((await call('POST', pathOf(Api.auth.login), { email: next, password: fresh })).status).toBe(200);
    });

    it('changes its email through a link mailed to its current address, once', async () => {
      const account = await googleAccount();
      const next = address();
      const asked = await call(
        'PATCH',
        pathOf(Api.account.updateMe),
        { email: next, send_link: 'email_change' },
        account.auth,
      );
      expect(asked).toMatchObject({
        status: 200,
        body: { message: AccountMessages.emailChangeLinkSent, data: { user: { email: account.email } } },
      });
      // Nothing changed yet; the link went to the current address, nothing to the new one.
      expect((await rowOf(account.id)).email).toBe(account.email);
      const mail = await smtp.waitFor(account.email, 'Confirm the change of your Tarab email');
      expect(mail.text).toContain(next);
      expect(mail.text).toContain('https://store.example/auth/confirm-email-change?token=');
      expect(smtp.received.some((m) => m.to.includes(next))).toBe(false);
      const token = linkToken(mail);

      const confirmed = await call('POST', pathOf(Api.account.confirmEmailChange), { token });
      expect(confirmed).toEqual({ status: 200, body: { message: AccountMessages.emailChangePending } });
      const after = await rowOf(account.id);
      expect(after.email).toBe(next);
      expect(after.emailVerifiedAt).toBeNull();
      await smtp.waitFor(account.email, 'email is changing');
      await smtp.waitFor(next, 'Confirm your email');
      const again = await call('POST', pathOf(Api.account.confirmEmailChange), { token });
      expect(again).toEqual({
        status: 422,
        body: {
          code: 'email_change_link_invalid',
          message: AccountMessages.emailChangeLinkInvalid,
          errors: { token: [AccountMessages.emailChangeLinkInvalid] },
          field_codes: { token: ['email_change_link_invalid'] },
        },
      });
      // A change link with no new address is refused before anything is mailed.
      const noAddress = await call('PATCH', pathOf(Api.account.updateMe), { send_link: 'email_change' }, account.auth);
      expect(noAddress.status).toBe(422);
    });

    it('sets a password through the reset link mailed to its current address', async () => {
      const account = await googleAccount();
      const asked = await call('PATCH', pathOf(Api.account.updateMe), { send_link: 'set_password' }, account.auth);
      expect(asked).toMatchObject({ status: 200, body: { message: AccountMessages.setPasswordLinkSent } });
      expect((await rowOf(account.id)).passwordHash).toBeNull();
      const token = linkToken(await smtp.waitFor(account.email, 'Reset your Tarab password'));
      expect((await call('POST', pathOf(Api.account.resetPassword), { token, ...setPassword })).status).toBe(200);
      expect((await call('POST', pathOf(Api.auth.login), { email: account.email, password: fresh })).status).toBe(200);
    });
  });

  describe('any password change voids the links sent before it', () => {
    const register = async (name = 'Layla Nour', email = address()) => {
      const res = await call('POST', pathOf(Api.auth.register), {
        name,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.status).toBe(200);
      return { email, auth: bearer(res.body.data.token as string) };
    };

    it('a change in the profile voids the reset and confirmation links already mailed', async () => {
      const account = await register();
      const verify = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      await call('POST', pathOf(Api.account.forgotPassword), { email: account.email });
      const reset = linkToken(await smtp.waitFor(account.email, 'Reset your Tarab password'));
      const changed = await call(
        'PATCH',
        pathOf(Api.account.updateMe),
        { ...setPassword, current_password: PASSWORD },
        account.auth,
      );
      expect(changed.status).toBe(200);
      const usedReset = await call('POST', pathOf(Api.account.resetPassword), {
        token: reset,
        password: 'another-one-123',
        password_confirmation: 'another-one-123',
      });
      expect(usedReset.status).toBe(422);
      expect(usedReset.body.errors).toEqual({ token: [AccountMessages.resetLinkInvalid] });
      expect((await call('POST', pathOf(Api.account.verifyEmail), { token: verify })).status).toBe(422);
      // The new password stands; the reset link did not replace it.
      expect((await call('POST', pathOf(Api.auth.login), { email: account.email, password: fresh })).status).toBe(200);
    });

    it('a reset voids the other links (confirmation, email change)', async () => {
      const account = await register();
      const verify = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      await call('POST', pathOf(Api.account.forgotPassword), { email: account.email });
      const reset = linkToken(await smtp.waitFor(account.email, 'Reset your Tarab password'));
      expect((await call('POST', pathOf(Api.account.resetPassword), { token: reset, ...setPassword })).status).toBe(
        200,
      );
      expect((await call('POST', pathOf(Api.account.verifyEmail), { token: verify })).status).toBe(422);

      const google = await googleAccount();
      await call('PATCH', pathOf(Api.account.updateMe), { email: address(), send_link: 'email_change' }, google.auth);
      const change = linkToken(await smtp.waitFor(google.email, 'Confirm the change'));
      await call('PATCH', pathOf(Api.account.updateMe), { send_link: 'set_password' }, google.auth);
      const setLink = linkToken(await smtp.waitFor(google.email, 'Reset your Tarab password'));
      expect((await call('POST', pathOf(Api.account.resetPassword), { token: setLink, ...setPassword })).status).toBe(
        200,
      );
      expect((await call('POST', pathOf(Api.account.confirmEmailChange), { token: change })).status).toBe(422);
      expect((await rowOf(google.id)).email).toBe(google.email);
    });
  });

  describe('greetings', () => {
    const greetingOf = (text: string) => text.split('\n')[0];

    it("never greets an unconfirmed address with the sign-up's name: a stranger's inbox gets no text of the sender", async () => {
      const spam = 'Win a prize at evil.example';
      const victim = address();
      const res = await call('POST', pathOf(Api.auth.register), {
        name: spam,
        email: victim,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.status).toBe(200);
      const auth = bearer(res.body.data.token as string);
      await call('POST', pathOf(Api.account.resendVerification), undefined, auth);
      await call('POST', pathOf(Api.account.forgotPassword), { email: victim });
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(victim)).length).toBe(3);
      for (const mail of smtp.received.filter((m) => m.to.includes(victim))) {
        expect(greetingOf(mail.text), mail.subject).toBe('Hello,');
        expect(mail.raw, mail.subject).not.toContain('evil.example');
      }
    });

    it('greets by name once the address is confirmed, and never in a confirmation mail', async () => {
      const email = address();
      const res = await call('POST', pathOf(Api.auth.register), {
        name: 'Layla Nour',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      const auth = bearer(res.body.data.token as string);
      const token = linkToken(await smtp.waitFor(email, 'Confirm your email'));
      expect((await call('POST', pathOf(Api.account.verifyEmail), { token })).status).toBe(200);
      await call('POST', pathOf(Api.account.forgotPassword), { email });
      expect(greetingOf((await smtp.waitFor(email, 'Reset your Tarab password')).text)).toBe('Hello Layla Nour,');
      // A new address: the confirmation goes without the name, the old (confirmed) address is greeted.
      const next = address();
      await call('PATCH', pathOf(Api.account.updateMe), { email: next, current_password: PASSWORD }, auth);
      expect(greetingOf((await smtp.waitFor(next, 'Confirm your email')).text)).toBe('Hello,');
      expect(greetingOf((await smtp.waitFor(email, 'email is changing')).text)).toBe('Hello Layla Nour,');
    });

    it('greets a receipt to an unconfirmed buyer without the name', async () => {
      const buyer = await makeUser(t.database, { name: 'Visit evil.example now' });
      const auth = bearer(await makeSession(t.database, buyer.id));
      const artist = await makeArtist(t.database);
      const track = await makeTrack(t.database, {
        artistId: artist.id,
        albumId: (await makeAlbum(t.database, artist.id)).id,
      });
      const checkout = await call('POST', pathOf(Api.commerce.checkout), { music_id: track.id }, auth);
      const sessionId = checkout.body.session_id as string;
      const card = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
      expect((await call('POST', pathOf(Api.localPayments.pay, { id: sessionId }), card, auth)).status).toBe(200);
      expect(
        (await call('GET', `${pathOf(Api.commerce.success)}?session_id=${sessionId}`, undefined, auth)).status,
      ).toBe(200);
      const receipt = await smtp.waitFor(buyer.email, 'receipt');
      expect(greetingOf(receipt.text)).toBe('Hello,');
      expect(receipt.raw).not.toContain('evil.example');
    });
  });
});
