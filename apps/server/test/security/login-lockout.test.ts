import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, pathOf } from '@tarab/contracts';
import { LOGIN_EMAIL_FACTOR } from '../../src/lib/rate-limit.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';

/**
 * Issue #31 item 4: nobody can lock an owner out by failing logins for the owner's email from other
 * addresses (the spoofed `X-Forwarded-For` of the report: 147 wrong guesses, then the right password
 * refused for 15 minutes). Per (email, address) and per address the limits hold as before; the
 * per-email limit applies only to addresses that failed for that email themselves, and gives a fresh
 * address one try. IPv6 clients count per /64.
 */
const MAX_FAILURES = 2;
const EMAIL_LIMIT = MAX_FAILURES * LOGIN_EMAIL_FACTOR;

describe('login limits that cannot lock the owner out', () => {
  let t: TestApp;
  type Login = (
    remoteAddress: string,
    password?: string,
  ) => Promise<{ statusCode: number; headers: Record<string, unknown> }>;

  beforeAll(async () => {
    t = await buildTestApp({ authRateLimit: { maxFailures: MAX_FAILURES, windowSeconds: 900, registerMax: 1000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  let accounts = 0;
  async function ownerAccount(): Promise<{ password: string; login: Login }> {
    const owner = {
      name: 'Owner Person',
      email: `owner${++accounts}.${Date.now()}@example.com`,
      password: 'maqam-hijaz-42',
      password_confirmation: 'maqam-hijaz-42',
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: pathOf(Api.auth.register),
      payload: owner,
      remoteAddress: '192.0.2.1',
    });
    expect(registered.statusCode).toBe(200);
    const login: Login = (remoteAddress, password = 'wrong-guess') =>
      t.app.inject({
        method: 'POST',
        url: pathOf(Api.auth.login),
        payload: { email: owner.email, password },
        remoteAddress,
      });
    return { password: owner.password, login };
  }

  describe('an email guessed from many addresses, past its limit', () => {
    let owner: { password: string; login: Login };
    const statuses: number[] = [];
    beforeAll(async () => {
      owner = await ownerAccount();
      // The email's limit (all addresses together) used up, and more: 55 addresses, two guesses each.
      for (let i = 0; i < 55; i++) {
        const ip = `10.1.0.${i}`;
        for (let k = 0; k < MAX_FAILURES; k++) statuses.push((await owner.login(ip)).statusCode);
      }
    });

    it('checked every guess up to the limit, then one per fresh address', () => {
      expect(statuses.slice(0, EMAIL_LIMIT).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(EMAIL_LIMIT)).toEqual([401, 429, 401, 429, 401, 429, 401, 429, 401, 429]);
    });

    it('lets the owner in from addresses that never failed (the old design answered 429 for the window)', async () => {
      expect((await owner.login('198.51.100.77', owner.password)).statusCode).toBe(200);
      expect((await owner.login('203.0.113.80', owner.password)).statusCode).toBe(200);
      expect((await owner.login('198.51.100.77', owner.password)).statusCode).toBe(200);
    });

    it("still limits the attacker's own addresses, right password included", async () => {
      // An address at its (email, address) limit.
      expect((await owner.login('10.1.0.0', owner.password)).statusCode).toBe(429);
      // An address that failed once past the email's limit: the per-email limit applies to it.
      expect((await owner.login('10.1.0.54', owner.password)).statusCode).toBe(429);
      // A fresh address: one guess is checked, and after that failure it is refused too.
      expect((await owner.login('10.9.9.9')).statusCode).toBe(401);
      const refused = await owner.login('10.9.9.9', owner.password);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('lets at most one of 30 parallel guesses from a fresh address reach the check', async () => {
      const burst = await Promise.all(Array.from({ length: 30 }, () => owner.login('10.8.8.8')));
      const checked = burst.filter((r) => r.statusCode === 401).length;
      expect(checked + burst.filter((r) => r.statusCode === 429).length).toBe(30);
      expect(checked).toBeLessThanOrEqual(1);
    });
  });

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', async () => {
    const { password, login } = await ownerAccount();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login('2001:db8::1')).statusCode).toBe(401);
    // Another address of the same /64 (any spelling): the same (email, address) count.
    expect((await login('2001:db8::2')).statusCode).toBe(429);
    expect((await login('2001:DB8:0:0:0:0:0:ffff', password)).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await login('2001:db8:0:1::1')).statusCode).toBe(401);
    expect((await login('2001:db8:0:2::1', password)).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login('::ffff:203.0.113.5')).statusCode).toBe(401);
    expect((await login('203.0.113.5', password)).statusCode).toBe(429);
  });
});
