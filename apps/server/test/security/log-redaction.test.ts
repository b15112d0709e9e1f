import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Api, pathOf, urlOf, type RouteSpec } from '@tarab/contracts';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { redactUrl } from '../../src/lib/log-redaction.js';
import { hashSessionToken } from '../../src/modules/auth/session-token.js';
import { seedPlans } from '../../src/seed/plans.js';
import { createLocalStorage } from '../../src/storage/local-storage.js';
import { callRoute } from '../call-route.js';
import { makeSession, makeUser } from '../factories.js';
import { createTestDatabase } from '../test-database.js';

const REDACTED = '[redacted]';
/** A route's path with its parameters written as given (pathOf would percent-encode `[redacted]`). */
const rawPathOf = (route: RouteSpec, values: Record<string, string>) =>
  route.path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? `:${name}`);

/** Issue #15 item 6: request and error logs carry no download tokens, session ids, auth headers or SQL parameters. */
async function appWithLogs() {
  const lines: string[] = [];
  const database = await createTestDatabase();
  await seedPlans(database.db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-logs-'));
  const app = await buildApp({
    config: testConfig({ dataDir, logLevel: 'info' }),
    database,
    storage: createLocalStorage(path.join(dataDir, 'media')),
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
  return { app, database, dataDir, lines };
}

describe('redacted logs', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('logs request URLs without download tokens, checkout session ids or OAuth secrets, and no auth headers', async () => {
    const { app, database, dataDir, lines } = await appWithLogs();
    cleanups.push(async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const token = await makeSession(database, (await makeUser(database)).id);
    const secrets = ['dl-SECRET-token.abc', 'cs_test_SECRETSESSION', 'ya29.SECRETACCESS', token];
    await callRoute(app, Api.downloads.byToken, { params: { token: secrets[0]! } });
    await app.inject({
      method: 'GET',
      url: `${urlOf(Api.commerce.success, { query: { session_id: secrets[1] } })}&x=1`,
      headers: { authorization: `Bearer ${token}` },
    });
    await callRoute(app, Api.localPayments.checkout, {
      params: { id: secrets[1]! },
      headers: { cookie: `authToken=${token}` },
    });
    // `access_token` is no query key of the list: sent as a stray parameter.
    await app.inject({ method: 'GET', url: `${pathOf(Api.catalog.music)}?access_token=${secrets[2]}` });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    expect(log).toContain(rawPathOf(Api.downloads.byToken, { token: REDACTED }));
    expect(log).toContain(`${pathOf(Api.commerce.success)}?session_id=${REDACTED}&x=1`);
    expect(log).toContain(rawPathOf(Api.localPayments.checkout, { id: REDACTED }));
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('logs no shared-playlist token, licence key or operator search, however the path is spelled (issue #31)', async () => {
    const { app, database, dataDir, lines } = await appWithLogs();
    cleanups.push(async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const share = 'SHARESECRETtoken0123456789';
    const licence = 'TRB-LICENCESECRET-7Q2M';
    const search = 'searched.person@example.com';
    const targets = [
      pathOf(Api.library.shared, { token: share }),
      // literal: these spellings of the shared playlist's path are what is tested.
      `/api/%73hared/playlists/${share}`,
      `/API/shared/playlists/${share}`,
      `//api/shared//playlists/${share}?x=1`,
      `/p/${share}`,
      `/ar/p/${share}`,
      pathOf(Api.licenses.verify, { key: licence }),
      `${pathOf(Api.licenses.verify, { key: licence })}?utm=1`,
      `/verify/${licence}`,
      `/ar/verify/${licence}`,
      `${pathOf(Api.licenses.certificate, { id: 1 })}?key=${licence}`,
      `${pathOf(Api.admin.users)}?q=${encodeURIComponent(search)}`,
      `${pathOf(Api.admin.orders)}?q=${search}&page=2`,
      // Refused for its length: the start of what was sent is logged, redacted.
      `${pathOf(Api.library.shared, { token: share })}?pad=${'x'.repeat(9000)}`,
    ];
    for (const url of targets) await app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(targets.length);
    for (const secret of [share, licence, search, encodeURIComponent(search)]) expect(log).not.toContain(secret);
    expect(log).toContain(rawPathOf(Api.library.shared, { token: REDACTED }));
    expect(log).toContain(`${rawPathOf(Api.licenses.verify, { key: REDACTED })}?utm=1`);
    expect(log).toContain('/ar/p/[redacted]');
    expect(log).toContain('/verify/[redacted]');
    expect(log).toContain('?key=[redacted]');
    expect(log).toContain(`${pathOf(Api.admin.orders)}?q=${REDACTED}&page=${REDACTED}`);
    expect(log).toContain('"originalUrlLength":');
  });

  it('logs a database error without its SQL parameters', async () => {
    const { app, database, dataDir, lines } = await appWithLogs();
    cleanups.push(async () => {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const user = await makeUser(database, { email: 'private.person@example.com' });
    const token = await makeSession(database, user.id);
    await database.close();
    // The session lookup fails: its parameter is the token's hash.
    const res = await callRoute(app, Api.auth.me, { headers: { authorization: `Bearer ${token}` } });
    // 503 on PGlite ("PGlite is closed"); node-postgres's ended pool is not an outage but a 500.
    expect([500, 503]).toContain(res.status);
    const log = lines.join('');
    expect(log).toMatch(/database unavailable|unhandled error/);
    expect(log).toContain('Failed query');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toContain(hashSessionToken(token));
    expect(log).not.toContain(token);
  });

  it('redacts secret path segments and query values, and nothing else', () => {
    // The routes' own paths (a renamed route must keep its redaction).
    const unchanged = (url: string) => expect(redactUrl(url)).toBe(url);
    expect(redactUrl(`${pathOf(Api.downloads.byToken, { token: 'abc.def' })}?x=1`)).toBe(
      `${rawPathOf(Api.downloads.byToken, { token: REDACTED })}?x=1`,
    );
    expect(redactUrl(urlOf(Api.commerce.success, { query: { session_id: 'cs_1' } }))).toBe(
      `${pathOf(Api.commerce.success)}?session_id=${REDACTED}`,
    );
    // literal: a path of no route: these query values are redacted whatever the path.
    expect(redactUrl('/api/x?code=1&state=2&page=3&client_secret=4')).toBe(
      '/api/x?code=[redacted]&state=[redacted]&page=3&client_secret=[redacted]',
    );
    unchanged(urlOf(Api.catalog.music, { query: { keyword: 'oud', page: 2 } }));
    unchanged(pathOf(Api.downloads.link, { id: 5 }));
    expect(redactUrl(`${pathOf(Api.library.shared, { token: 'tok' })}?x=1`)).toBe(
      `${rawPathOf(Api.library.shared, { token: REDACTED })}?x=1`,
    );
    expect(redactUrl(pathOf(Api.licenses.verify, { key: 'TRB-1' }))).toBe(
      rawPathOf(Api.licenses.verify, { key: REDACTED }),
    );
    // literal: a licence key under /api/licenses/ without /verify (no route) is redacted too.
    expect(redactUrl('/api/licenses/TRB-1')).toBe('/api/licenses/[redacted]');
    expect(redactUrl('/checkout/local/cs_1')).toBe('/checkout/local/[redacted]');
    expect(redactUrl('http://host/p/tok')).toBe('/p/[redacted]');
    expect(redactUrl(urlOf(Api.admin.users, { query: { q: 'a@b.c' } }))).toBe(
      `${pathOf(Api.admin.users)}?q=${REDACTED}`,
    );
    unchanged(pathOf(Api.admin.audit));
    unchanged(`${pathOf(Api.catalog.music)}?q=oud`);
    unchanged('/profile');
    unchanged(pathOf(Api.account.verifyEmail));
  });
});
