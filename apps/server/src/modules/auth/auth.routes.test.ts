import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, Messages, UserDto } from '@tarab/contracts';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bearer, makeArtist, makeSession, makeUser } from '../../../test/factories.js';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fake-google.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CLIENT_ID = 'tarab-test-client.apps.googleusercontent.com';

describe('accounts API', () => {
  let t: TestApp;
  let google: FakeGoogle;
  let n = 0;
  const email = () => `person${++n}.${Date.now()}@example.com`;
  const valid = (overrides: Json = {}) => ({
    name: 'Nadia Haddad',
    email: email(),
    password: 'maqam-hijaz-42',
    password_confirmation: 'maqam-hijaz-42',
    ...overrides,
  });
  const post = async (url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() as Json, headers: res.headers, cookies: res.cookies };
  };
  const me = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    return { status: res.statusCode, body: res.json() as Json };
  };

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp({
      authRateLimit: { maxFailures: 3, windowSeconds: 1, registerMax: 1000 },
      google: { clientId: CLIENT_ID, tokenInfoUrl: google.tokenInfoUrl, userInfoUrl: google.userInfoUrl },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  describe('POST /api/register', () => {
    it('creates the account, answers data.user and data.token, and sets the session cookie', async () => {
      const input = valid();
      const { status, body, cookies } = await post('/api/register', input);
      expect(status).toBe(200);
      expect(() => UserDto.parse(body.data.user)).not.toThrow();
      expect(body.data.user).toMatchObject({
        name: 'Nadia Haddad',
        email: input.email,
        type: 'user',
        subscriptions: [],
      });
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(body)).not.toMatch(/argon|password/i);
      const cookie = cookies.find((c) => c.name === 'authToken');
      expect(cookie).toMatchObject({
        value: body.data.token,
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/',
        maxAge: 604800,
      });
      expect((await me(bearer(body.data.token))).body.data.user.email).toBe(input.email);
    });

    it('stores an argon2id hash with OWASP parameters, never the password', async () => {
      const input = valid();
      await post('/api/register', input);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, input.email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.passwordHash).not.toContain(input.password);
    });

    it('names every missing field with its message (422)', async () => {
      const { status, body } = await post('/api/register', {});
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        name: [AuthMessages.nameRequired],
        email: [AuthMessages.emailRequired],
        password: [AuthMessages.passwordRequired],
        password_confirmation: [AuthMessages.passwordConfirmationRequired],
      });
      expect(typeof body.message).toBe('string');
      const blanks = await post('/api/register', { name: '  ', email: '', password: '', password_confirmation: '' });
      expect(blanks.status).toBe(422);
      expect(Object.keys(blanks.body.errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);
    });

    it('rejects each invalid field with its own message', async () => {
      const cases: [Json, string, string][] = [
        [{ email: 'not-an-email' }, 'email', AuthMessages.emailInvalid],
        [{ password: 'short', password_confirmation: 'short' }, 'password', AuthMessages.passwordTooShort],
        [{ password: '         ', password_confirmation: '         ' }, 'password', AuthMessages.passwordBlank],
        [{ password: 'Password123', password_confirmation: 'Password123' }, 'password', AuthMessages.passwordCommon],
        [{ password_confirmation: 'something-else' }, 'password', AuthMessages.passwordConfirmationMismatch],
        [{ name: 'x'.repeat(101) }, 'name', AuthMessages.nameTooLong],
        [
          { password: 'p'.repeat(201), password_confirmation: 'p'.repeat(201) },
          'password',
          AuthMessages.passwordTooLong,
        ],
      ];
      for (const [overrides, field, message] of cases) {
        const { status, body } = await post('/api/register', valid(overrides));
        expect(status, JSON.stringify(overrides)).toBe(422);
        expect(body.errors?.[field], JSON.stringify(overrides)).toContain(message);
      }
    });

    it('refuses a duplicate email in any letter case', async () => {
      const input = valid();
      expect((await post('/api/register', input)).status).toBe(200);
      const again = await post('/api/register', valid({ email: input.email.toUpperCase() }));
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: [AuthMessages.emailTaken] });
    });
  });

  it('limits registrations per IP with 429 and Retry-After', async () => {
    const other = await buildTestApp({ authRateLimit: { maxFailures: 10, windowSeconds: 60, registerMax: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await other.app.inject({ method: 'POST', url: '/api/register', payload: valid() });
        statuses.push(res.statusCode);
        if (i === 2) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await other.close();
    }
  });

  describe('POST /api/api_login, /api/me, /api/logout', () => {
    it('logs in with the right password (email in any case) and works by cookie and by Bearer', async () => {
      const input = valid();
      await post('/api/register', input);
      const { status, body, cookies } = await post('/api/api_login', {
        email: input.email.toUpperCase(),
        password: input.password,
      });
      expect(status).toBe(200);
      expect(body.data.user.email).toBe(input.email);
      const token = body.data.token as string;
      expect(cookies.find((c) => c.name === 'authToken')?.value).toBe(token);
      expect((await me(bearer(token))).status).toBe(200);
      expect((await me({ cookie: `authToken=${token}` })).status).toBe(200);
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const input = valid();
      await post('/api/register', input);
      const wrong = await post('/api/api_login', { email: input.email, password: 'not-the-password' });
      const unknown = await post('/api/api_login', { email: email(), password: 'not-the-password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ message: Messages.invalidCredentials });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('rejects a token at once after logout, and clears the cookie', async () => {
      const input = valid();
      const token = (await post('/api/register', input)).body.data.token as string;
      expect((await me(bearer(token))).status).toBe(200);
      const out = await post('/api/logout', undefined, bearer(token));
      expect(out.status).toBe(200);
      const cleared = out.cookies.find((c) => c.name === 'authToken');
      expect(cleared?.value).toBe('');
      const after = await me(bearer(token));
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ message: Messages.unauthenticated });
    });

    it('rejects expired, tampered and missing tokens with 401 JSON', async () => {
      const user = await makeUser(t.database);
      const expired = await makeSession(t.database, user.id, new Date(Date.now() - 1000));
      expect((await me(bearer(expired))).status).toBe(401);
      const good = await makeSession(t.database, user.id);
      const tampered = (good[0] === 'A' ? 'B' : 'A') + good.slice(1);
      expect((await me(bearer(tampered))).status).toBe(401);
      expect((await me(bearer(good))).status).toBe(200);
      expect((await me({})).status).toBe(401);
      expect((await me({ authorization: 'Bearer ' })).status).toBe(401);
      expect((await me({ cookie: 'authToken=%%%' })).status).toBe(401);
    });

    it('tells artists by type and gives their artist id', async () => {
      const user = await makeUser(t.database, { type: 'artist' });
      const artist = await makeArtist(t.database, 'Linked Artist', user.id);
      const token = await makeSession(t.database, user.id);
      expect((await me(bearer(token))).body.data.user).toMatchObject({ type: 'artist', artist_id: artist.id });
    });

    it('limits failed logins per email with 429 and Retry-After, and recovers after the window', async () => {
      const input = valid();
      await post('/api/register', input);
      for (let i = 0; i < 3; i++)
        expect((await post('/api/api_login', { email: input.email, password: 'wrong-one' })).status).toBe(401);
      const limited = await post('/api/api_login', { email: input.email, password: input.password });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toEqual({ message: Messages.tooManyRequests });
      await new Promise((r) => setTimeout(r, 1100));
      expect((await post('/api/api_login', { email: input.email, password: input.password })).status).toBe(200);
    });

    it('limits failed logins per IP across many emails (ten times the per-email limit)', async () => {
      const other = await buildTestApp({ authRateLimit: { maxFailures: 2, windowSeconds: 60, registerMax: 1000 } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 21; i++) {
          const res = await other.app.inject({
            method: 'POST',
            url: '/api/api_login',
            payload: { email: email(), password: 'wrong-one' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
        expect(statuses[20]).toBe(429);
      } finally {
        await other.close();
      }
    });
  });

  it('tells the login page which social sign-ins exist, and lets Google in through the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: { client_id: CLIENT_ID } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://accounts.google.com");
    const plain = await buildTestApp();
    try {
      const none = await plain.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(none.json()).toEqual({ google: null });
      expect(none.headers['content-security-policy']).not.toContain('google');
    } finally {
      await plain.close();
    }
  });

  describe('POST /api/auth/google/callback', () => {
    const callback = (access_token: string) => post('/api/auth/google/callback', { access_token });

    it('creates an account for a verified Google user and returns token and user', async () => {
      const address = email();
      const token = google.issue({
        aud: CLIENT_ID,
        sub: `g-${n}`,
        email: address,
        email_verified: true,
        name: 'Google Person',
      });
      const { status, body, cookies } = await callback(token);
      expect(status).toBe(200);
      expect(body.user).toMatchObject({ email: address, name: 'Google Person', type: 'user' });
      expect(cookies.find((c) => c.name === 'authToken')?.value).toBe(body.token);
      expect((await me(bearer(body.token))).status).toBe(200);
      const again = await callback(
        google.issue({ aud: CLIENT_ID, sub: `g-${n}`, email: address, email_verified: true }),
      );
      expect(again.body.user.id).toBe(body.user.id);
    });

    it('links to the existing account with that email', async () => {
      const input = valid();
      const registered = (await post('/api/register', input)).body.data.user;
      const token = google.issue({
        aud: CLIENT_ID,
        sub: 'g-link',
        email: input.email.toUpperCase(),
        email_verified: true,
      });
      const { status, body } = await callback(token);
      expect(status).toBe(200);
      expect(body.user.id).toBe(registered.id);
    });

    it('refuses unverified emails, other audiences, expired and forged tokens', async () => {
      const cases = [
        google.issue({ aud: CLIENT_ID, sub: 'g-unverified', email: email(), email_verified: false }),
        google.issue({
          aud: 'someone-else.apps.googleusercontent.com',
          sub: 'g-aud',
          email: email(),
          email_verified: true,
        }),
        google.issue({ aud: CLIENT_ID, sub: 'g-expired', email: email(), email_verified: true, expiresIn: 0 }),
        'ya29.forged-token',
      ];
      for (const token of cases) {
        const { status, body } = await callback(token);
        expect(status, token).toBe(401);
        expect(body).toEqual({ message: Messages.googleLoginFailed });
      }
      expect((await post('/api/auth/google/callback', {})).status).toBe(422);
      expect((await post('/api/auth/facebook/callback', { access_token: 'x' })).status).toBe(400);
    });
  });
});
