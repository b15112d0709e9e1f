import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, Api, AuthMessages, Messages, type RouteBodyInput } from '@tarab/contracts';
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
import { callRoute } from '../../../test/call-route.js';
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

type Headers = Record<string, string>;
type UpdateMe = RouteBodyInput<typeof Api.account.updateMe>;
/** A body the route's type does not allow (a missing field): sent as raw JSON. */
const rawJson = (value: object, headers: Headers = {}) => ({
  payload: JSON.stringify(value),
  headers: { ...headers, 'content-type': 'application/json' },
});

const PASSWORD = 'maqam-hijaz-42';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';

describe('accounts by email (SMTP)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let clock = Date.now();
  let n = 0;
  const email = () => `listener${++n}.${Date.now()}@example.com`;

  const register = async (address = email(), userAgent = CHROME) => {
    const res = await callRoute(t.app, Api.auth.register, {
      body: { name: 'Layla Nour', email: address, password: PASSWORD, password_confirmation: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return { email: address, token: res.json.data.token, id: res.json.data.user.id };
  };
  const login = async (address: string, password = PASSWORD, userAgent = CHROME) =>
    callRoute(t.app, Api.auth.login, { body: { email: address, password }, headers: { 'user-agent': userAgent } });
  const me = (headers: Headers) => callRoute(t.app, Api.auth.me, { headers });
  const verifyEmail = (token: string) => callRoute(t.app, Api.account.verifyEmail, { body: { token } });
  const resend = (headers: Headers = {}) => callRoute(t.app, Api.account.resendVerification, { headers });
  const forgot = (address: string) => callRoute(t.app, Api.account.forgotPassword, { body: { email: address } });
  const resetPassword = (body: RouteBodyInput<typeof Api.account.resetPassword>) =>
    callRoute(t.app, Api.account.resetPassword, { body });
  const updateMe = (body: UpdateMe, headers: Headers) => callRoute(t.app, Api.account.updateMe, { body, headers });
  const deleteMe = (body: RouteBodyInput<typeof Api.account.deleteMe>, headers: Headers) =>
    callRoute(t.app, Api.account.deleteMe, { body, headers });
  const favourite = (musicId: number, headers: Headers) =>
    callRoute(t.app, Api.library.favouriteMusic, { body: { music_id: musicId }, headers });
  const newPlaylist = (name: string, headers: Headers) =>
    callRoute(t.app, Api.library.createPlaylist, { body: { name }, headers });

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

      expect((await me(bearer(account.token))).json.email_verified).toBe(false);
      const verified = await verifyEmail(token);
      expect(verified.status).toBe(200);
      expect(verified.json).toMatchObject({ message: AccountMessages.emailVerified });
      expect((await me(bearer(account.token))).json.email_verified).toBe(true);

      const again = await verifyEmail(token);
      expect(again.status).toBe(422);
      expect(again.error).toEqual({
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
      expect((await verifyEmail(first)).status).toBe(422);
      const resent = await resend(bearer(account.token));
      expect(resent.status).toBe(200);
      expect(resent.json).toMatchObject({ message: AccountMessages.verificationSent });
      await t.app.mailSettled();
      expect(smtp.received.filter((m) => m.to.includes(account.email))).toHaveLength(2);
      const second = linkToken(smtp.received.filter((m) => m.to.includes(account.email))[1]!);
      expect((await verifyEmail(second)).status).toBe(200);
      const done = await resend(bearer(account.token));
      expect(done.json.message).toBe(AccountMessages.emailAlreadyVerified);
      expect((await resend()).status).toBe(401);
      expect((await callRoute(t.app, Api.account.verifyEmail, rawJson({}))).error.errors).toEqual({
        token: [AccountMessages.tokenRequired],
      });
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown and known addresses; only the known one gets mail', async () => {
      const unknown = email();
      const account = await register();
      const a = await forgot(unknown);
      const b = await forgot(account.email.toUpperCase());
      expect(a.status).toBe(200);
      expect(a.json).toMatchObject({ message: AccountMessages.resetRequested });
      expect(b.status).toBe(200);
      expect(b.response.body).toEqual(a.response.body);
      await smtp.waitFor(account.email, 'Reset your Tarab password');
      expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
    });

    it('a reset link sets a new password once, ends every session and sends a notice', async () => {
      const account = await register();
      const other = (await login(account.email, PASSWORD, FIREFOX)).json.data.token;
      await forgot(account.email);
      const mail = await smtp.waitFor(account.email, 'Reset your Tarab password');
      expect(mail.text).toContain('https://store.example/auth/reset-password?token=');
      const token = linkToken(mail);

      const common = await resetPassword({ token, password: 'password123', password_confirmation: 'password123' });
      expect(common.status).toBe(422);
      expect(common.error.errors).toEqual({ password: [AuthMessages.passwordCommon] });
      const mismatch = await resetPassword({
        token,
        password: 'oud-and-qanun-7',
        password_confirmation: 'oud-and-qanun-8',
      });
      expect(mismatch.error.errors).toEqual({ password: [AuthMessages.passwordConfirmationMismatch] });

      const fresh = 'oud-and-qanun-7';
      const reset = await resetPassword({ token, password: fresh, password_confirmation: fresh });
      expect(reset.status).toBe(200);
      expect(reset.json).toMatchObject({ message: AccountMessages.passwordReset });
      expect((await me(bearer(account.token))).status).toBe(401);
      expect((await me(bearer(other))).status).toBe(401);
      expect((await login(account.email)).status).toBe(401);
      const relogin = await login(account.email, fresh);
      expect(relogin.status).toBe(200);
      // The link proved the address.
      expect(relogin.json.data.user.email_verified).toBe(true);
      await smtp.waitFor(account.email, 'password was changed');

      const reuse = await resetPassword({ token, password: fresh, password_confirmation: fresh });
      expect(reuse.status).toBe(422);
      expect(reuse.error.errors).toEqual({ token: [AccountMessages.resetLinkInvalid] });
    });

    it('a reset link expires after 30 minutes, and only the newest link works', async () => {
      const account = await register();
      await forgot(account.email);
      const first = linkToken(await smtp.waitFor(account.email, 'Reset your'));
      await forgot(account.email);
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
      expect((await resetPassword(body(first))).status).toBe(422);
      clock += 30 * 60_000 + 1000;
      expect((await resetPassword(body(second))).status).toBe(422);
    });
  });

  describe('PATCH /api/me', () => {
    it('changes the name without a password', async () => {
      const account = await register();
      const res = await updateMe({ name: 'Layla N.' }, bearer(account.token));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ message: AccountMessages.profileUpdated, data: { user: { name: 'Layla N.' } } });
    });

    it('changes the email with the current password: the new address re-verifies, the old one gets a notice', async () => {
      const account = await register();
      const taken = await register();
      const next = email();
      const noPassword = await updateMe({ email: next }, bearer(account.token));
      expect(noPassword.status).toBe(422);
      expect(noPassword.error.errors).toEqual({ current_password: [AccountMessages.currentPasswordRequired] });
      const wrong = await updateMe({ email: next, current_password: 'nope-nope' }, bearer(account.token));
      expect(wrong.error.errors).toEqual({ current_password: [AccountMessages.currentPasswordWrong] });
      const clash = await updateMe({ email: taken.email, current_password: PASSWORD }, bearer(account.token));
      expect(clash.error.errors).toEqual({ email: [AuthMessages.emailTaken] });

      const oldLink = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      const res = await updateMe({ email: next, current_password: PASSWORD }, bearer(account.token));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        message: AccountMessages.emailChangePending,
        data: { user: { email: next, email_verified: false } },
      });
      const notice = await smtp.waitFor(account.email, 'email is changing');
      expect(notice.text).toContain(next);
      // The link sent to the old address no longer confirms anything.
      expect((await verifyEmail(oldLink)).status).toBe(422);
      const newLink = linkToken(await smtp.waitFor(next, 'Confirm your email'));
      expect((await verifyEmail(newLink)).status).toBe(200);
      expect((await login(next)).json.data.user).toMatchObject({ email: next, email_verified: true });
      expect((await login(account.email)).status).toBe(401);
    });

    it('changes the password with the current one; other sessions end, this one stays; a notice follows', async () => {
      const account = await register();
      const other = (await login(account.email, PASSWORD, FIREFOX)).json.data.token;
      const fresh = 'ney-flute-breath-3';
      const res = await updateMe(
        { password: fresh, password_confirmation: fresh, current_password: PASSWORD },
        bearer(account.token),
      );
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ message: AccountMessages.passwordChanged });
      expect((await me(bearer(account.token))).status).toBe(200);
      expect((await me(bearer(other))).status).toBe(401);
      expect((await login(account.email, fresh)).status).toBe(200);
      await smtp.waitFor(account.email, 'password was changed');
    });
  });

  describe('sessions', () => {
    it('lists the devices with the current one marked, and logs out everywhere else', async () => {
      const account = await register(email(), CHROME);
      const other = (await login(account.email, PASSWORD, FIREFOX)).json.data.token;
      const sessionsOf = (headers: Headers) => callRoute(t.app, Api.account.sessions, { headers });
      const list = await sessionsOf(bearer(account.token));
      expect(list.status).toBe(200);
      expect(list.json.data).toHaveLength(2);
      const current = list.json.data.find((s) => s.current)!;
      expect(current.device).toBe('Chrome on Linux');
      expect(list.json.data.find((s) => !s.current)!.device).toBe('Firefox on Windows');
      const revoked = await callRoute(t.app, Api.account.revokeOtherSessions, { headers: bearer(account.token) });
      expect(revoked.status).toBe(200);
      expect(revoked.json).toMatchObject({ message: AccountMessages.otherSessionsRevoked, revoked: 1 });
      expect((await me(bearer(other))).status).toBe(401);
      expect((await sessionsOf(bearer(account.token))).json.data).toHaveLength(1);
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
      await favourite(track.id, bearer(account.token));
      await newPlaylist('Evening', bearer(account.token));
      const res = await callRoute(t.app, Api.account.exportMe, { headers: bearer(account.token) });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="tarab-my-data.json"');
      const data = res.json;
      expect(data.profile).toMatchObject({ id: account.id, email: account.email, email_verified: false });
      expect(data.licenses).toHaveLength(1);
      expect(data.favourites).toEqual([expect.objectContaining({ track_id: track.id })]);
      expect(data.playlists).toEqual([expect.objectContaining({ name: 'Evening' })]);
      // The file as sent (a parsed copy would drop a field the schema does not name).
      expect(res.response.body).not.toMatch(/password|token_hash|argon2/i);
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
      await favourite(track.id, bearer(account.token));
      await newPlaylist('Evening', bearer(account.token));
      const ownProfile = await makeArtist(t.database, 'Own Ensemble', account.id);

      const wrong = await deleteMe({ password: 'not-mine-1' }, bearer(account.token));
      expect(wrong.status).toBe(422);
      expect(wrong.error.errors).toEqual({ password: [AccountMessages.passwordWrong] });
      expect((await deleteMe({}, bearer(account.token))).status).toBe(422);

      const res = await deleteMe({ password: PASSWORD }, bearer(account.token));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ message: AccountMessages.accountDeleted });
      expect(res.response.cookies.find((c) => c.name === 'authToken')?.value).toBe('');
      expect((await me(bearer(account.token))).status).toBe(401);
      expect((await login(account.email)).error).toEqual({
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
      const missing = await deleteMe({}, bearer(token));
      expect(missing.error.errors).toEqual({ confirm_email: [AccountMessages.confirmEmailRequired] });
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
      const blocked = await deleteMe({ confirm_email: user.email.toUpperCase() }, bearer(token));
      expect(blocked.status).toBe(409);
      expect(blocked.error).toMatchObject({
        code: 'cancel_subscription_first',
        message: AccountMessages.cancelSubscriptionFirst,
      });
      await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, live!.id));
      const ok = await deleteMe({ confirm_email: user.email.toUpperCase() }, bearer(token));
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
    const res = await callRoute(t.app, Api.auth.register, {
      body: { name: 'Samir', email: address, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(res.status).toBe(200);
    const dir = path.join(t.dataDir, 'mail');
    await t.app.mailSettled();
    const [file, ...others] = await fs.readdir(dir);
    expect(others).toEqual([]);
    expect(file).toMatch(/\.eml$/);
    const raw = await fs.readFile(path.join(dir, file!), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${address.replace(/\./g, '\\.')}$`, 'm'));
    const mail = parseMail(raw);
    expect(mail.subject).toBe('Confirm your email for Tarab');
    const token = linkToken(mail);
    const verified = await callRoute(t.app, Api.account.verifyEmail, { body: { token } });
    expect(verified.status).toBe(200);
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
  const resend = (headers: Headers) => callRoute(t.app, Api.account.resendVerification, { headers });

  it('resend is limited per user; 429 with Retry-After in the one error shape', async () => {
    const user = await makeUser(t.database);
    const token = await makeSession(t.database, user.id);
    expect((await resend(bearer(token))).status).toBe(200);
    expect((await resend(bearer(token))).status).toBe(200);
    const limited = await resend(bearer(token));
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.error).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
  });

  it('forgot-password is limited per IP, and mails one address at most 3 times an hour', async () => {
    const user = await makeUser(t.database, { emailVerified: true });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await callRoute(t.app, Api.account.forgotPassword, { body: { email: user.email } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The mail goes out in the background: every send started by the answers has ended.
    await t.app.mailSettled();
    expect(smtp.received.filter((m) => m.to.includes(user.email.toLowerCase()))).toHaveLength(3);
  });

  it('links are limited per IP: guessing tokens stops at the limit', async () => {
    const guesses = [];
    for (let i = 0; i < 4; i++) {
      guesses.push((await callRoute(t.app, Api.account.verifyEmail, { body: { token: `guess-${i}` } })).status);
    }
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

  const updateMe = (body: UpdateMe, headers: Headers) => callRoute(t.app, Api.account.updateMe, { body, headers });
  const login = (email: string, password: string) => callRoute(t.app, Api.auth.login, { body: { email, password } });
  const forgot = (email: string) => callRoute(t.app, Api.account.forgotPassword, { body: { email } });
  const verifyEmail = (token: string) => callRoute(t.app, Api.account.verifyEmail, { body: { token } });
  const resetPassword = (body: RouteBodyInput<typeof Api.account.resetPassword>) =>
    callRoute(t.app, Api.account.resetPassword, { body });
  const confirmEmailChange = (token: string) => callRoute(t.app, Api.account.confirmEmailChange, { body: { token } });
  /** An account created by Google sign-in: no password, the email verified by Google. */
  const googleAccount = async () => {
    const sub = `g-proof-${++n}`;
    const email = address();
    const signIn = await callRoute(t.app, Api.auth.socialCallback, {
      params: { provider: 'google' },
      body: {
        access_token: google.issue({ aud: CLIENT_ID, sub, email, email_verified: true, name: 'Rami Saleh' }),
      },
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token;
    return { sub, email, token, auth: bearer(token), id: signIn.json.user.id };
  };
  const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const fresh = 'santur-strings-77';
  const setPassword: UpdateMe = { password: fresh, password_confirmation: fresh };

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
        const res = await updateMe(body, account.auth);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.error).toEqual({
          code: 'proof_required',
          message: AccountMessages.proofRequired,
          errors: { google_access_token: [AccountMessages.proofRequired] },
          field_codes: { google_access_token: ['proof_required'] },
        });
      }
      expect(await rowOf(account.id)).toEqual(before);
      // The name needs no proof.
      const named = await updateMe({ name: 'Rami S.' }, account.auth);
      expect(named.status).toBe(200);
      expect(named.json).toMatchObject({ data: { user: { name: 'Rami S.' } } });
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
          const res = await updateMe({ ...body, google_access_token }, account.auth);
          expect(res.status, google_access_token).toBe(403);
          expect(res.error).toEqual({ code: 'google_proof_wrong', message: AccountMessages.googleProofWrong });
        }
      }
      expect(await rowOf(account.id)).toEqual(before);
    });

    it('changes its email and sets a password with a fresh token of its own Google subject', async () => {
      const account = await googleAccount();
      const proof = () =>
        google.issue({ aud: CLIENT_ID, sub: account.sub, email: account.email, email_verified: true });
      const next = address();
      const changed = await updateMe({ email: next, google_access_token: proof() }, account.auth);
      expect(changed.status).toBe(200);
      expect(changed.json).toMatchObject({
        message: AccountMessages.emailChangePending,
        data: { user: { email: next, email_verified: false } },
      });
      await smtp.waitFor(next, 'Confirm your email');
      const set = await updateMe({ ...setPassword, google_access_token: proof() }, account.auth);
      expect(set.status).toBe(200);
      expect(set.json).toMatchObject({ message: AccountMessages.passwordChanged });
      expect((await login(next, fresh)).status).toBe(200);
    });

    it('changes its email through a link mailed to its current address, once', async () => {
      const account = await googleAccount();
      const next = address();
      const asked = await updateMe({ email: next, send_link: 'email_change' }, account.auth);
      expect(asked.status).toBe(200);
      expect(asked.json).toMatchObject({
        message: AccountMessages.emailChangeLinkSent,
        data: { user: { email: account.email } },
      });
      // Nothing changed yet; the link went to the current address, nothing to the new one.
      expect((await rowOf(account.id)).email).toBe(account.email);
      const mail = await smtp.waitFor(account.email, 'Confirm the change of your Tarab email');
      expect(mail.text).toContain(next);
      expect(mail.text).toContain('https://store.example/auth/confirm-email-change?token=');
      expect(smtp.received.some((m) => m.to.includes(next))).toBe(false);
      const token = linkToken(mail);

      const confirmed = await confirmEmailChange(token);
      expect(confirmed.status).toBe(200);
      expect(confirmed.json).toEqual({ message: AccountMessages.emailChangePending });
      const after = await rowOf(account.id);
      expect(after.email).toBe(next);
      expect(after.emailVerifiedAt).toBeNull();
      await smtp.waitFor(account.email, 'email is changing');
      await smtp.waitFor(next, 'Confirm your email');
      const again = await confirmEmailChange(token);
      expect(again.status).toBe(422);
      expect(again.error).toEqual({
        code: 'email_change_link_invalid',
        message: AccountMessages.emailChangeLinkInvalid,
        errors: { token: [AccountMessages.emailChangeLinkInvalid] },
        field_codes: { token: ['email_change_link_invalid'] },
      });
      // A change link with no new address is refused before anything is mailed.
      const noAddress = await updateMe({ send_link: 'email_change' }, account.auth);
      expect(noAddress.status).toBe(422);
    });

    it('sets a password through the reset link mailed to its current address', async () => {
      const account = await googleAccount();
      const asked = await updateMe({ send_link: 'set_password' }, account.auth);
      expect(asked.status).toBe(200);
      expect(asked.json).toMatchObject({ message: AccountMessages.setPasswordLinkSent });
      expect((await rowOf(account.id)).passwordHash).toBeNull();
      const token = linkToken(await smtp.waitFor(account.email, 'Reset your Tarab password'));
      expect((await resetPassword({ token, password: fresh, password_confirmation: fresh })).status).toBe(200);
      expect((await login(account.email, fresh)).status).toBe(200);
    });
  });

  describe('any password change voids the links sent before it', () => {
    const register = async (name = 'Layla Nour', email = address()) => {
      const res = await callRoute(t.app, Api.auth.register, {
        body: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(res.status).toBe(200);
      return { email, auth: bearer(res.json.data.token) };
    };

    it('a change in the profile voids the reset and confirmation links already mailed', async () => {
      const account = await register();
      const verify = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      await forgot(account.email);
      const reset = linkToken(await smtp.waitFor(account.email, 'Reset your Tarab password'));
      const changed = await updateMe({ ...setPassword, current_password: PASSWORD }, account.auth);
      expect(changed.status).toBe(200);
      const usedReset = await resetPassword({
        token: reset,
        password: 'another-one-123',
        password_confirmation: 'another-one-123',
      });
      expect(usedReset.status).toBe(422);
      expect(usedReset.error.errors).toEqual({ token: [AccountMessages.resetLinkInvalid] });
      expect((await verifyEmail(verify)).status).toBe(422);
      // The new password stands; the reset link did not replace it.
      expect((await login(account.email, fresh)).status).toBe(200);
    });

    it('a reset voids the other links (confirmation, email change)', async () => {
      const account = await register();
      const verify = linkToken(await smtp.waitFor(account.email, 'Confirm your email'));
      await forgot(account.email);
      const reset = linkToken(await smtp.waitFor(account.email, 'Reset your Tarab password'));
      expect((await resetPassword({ token: reset, password: fresh, password_confirmation: fresh })).status).toBe(200);
      expect((await verifyEmail(verify)).status).toBe(422);

      const google = await googleAccount();
      await updateMe({ email: address(), send_link: 'email_change' }, google.auth);
      const change = linkToken(await smtp.waitFor(google.email, 'Confirm the change'));
      await updateMe({ send_link: 'set_password' }, google.auth);
      const setLink = linkToken(await smtp.waitFor(google.email, 'Reset your Tarab password'));
      expect((await resetPassword({ token: setLink, password: fresh, password_confirmation: fresh })).status).toBe(200);
      expect((await confirmEmailChange(change)).status).toBe(422);
      expect((await rowOf(google.id)).email).toBe(google.email);
    });
  });

  describe('greetings', () => {
    const greetingOf = (text: string) => text.split('\n')[0];

    it("never greets an unconfirmed address with the sign-up's name: a stranger's inbox gets no text of the sender", async () => {
      const spam = 'Win a prize at evil.example';
      const victim = address();
      const res = await callRoute(t.app, Api.auth.register, {
        body: { name: spam, email: victim, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(res.status).toBe(200);
      const auth = bearer(res.json.data.token);
      await callRoute(t.app, Api.account.resendVerification, { headers: auth });
      await forgot(victim);
      await t.app.mailSettled();
      expect(smtp.received.filter((m) => m.to.includes(victim))).toHaveLength(3);
      for (const mail of smtp.received.filter((m) => m.to.includes(victim))) {
        expect(greetingOf(mail.text), mail.subject).toBe('Hello,');
        expect(mail.raw, mail.subject).not.toContain('evil.example');
      }
    });

    it('greets by name once the address is confirmed, and never in a confirmation mail', async () => {
      const email = address();
      const res = await callRoute(t.app, Api.auth.register, {
        body: { name: 'Layla Nour', email, password: PASSWORD, password_confirmation: PASSWORD },
      });
      const auth = bearer(res.json.data.token);
      const token = linkToken(await smtp.waitFor(email, 'Confirm your email'));
      expect((await verifyEmail(token)).status).toBe(200);
      await forgot(email);
      expect(greetingOf((await smtp.waitFor(email, 'Reset your Tarab password')).text)).toBe('Hello Layla Nour,');
      // A new address: the confirmation goes without the name, the old (confirmed) address is greeted.
      const next = address();
      await updateMe({ email: next, current_password: PASSWORD }, auth);
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
      const checkout = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: track.id }, headers: auth });
      const sessionId = checkout.json.session_id;
      const card = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
      expect(
        (await callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: card, headers: auth }))
          .status,
      ).toBe(200);
      expect(
        (await callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers: auth })).status,
      ).toBe(200);
      const receipt = await smtp.waitFor(buyer.email, 'receipt');
      expect(greetingOf(receipt.text)).toBe('Hello,');
      expect(receipt.raw).not.toContain('evil.example');
    });
  });
});
