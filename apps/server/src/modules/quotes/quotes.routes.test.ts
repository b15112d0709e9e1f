import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, AuthMessages, QuoteMessages } from '@tarab/contracts';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { selectRows, timestampText } from '../../db/client.js';
import { bearer, makeSession, makeUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import type { QuoteRow } from './quotes.repo.js';
import { z } from 'zod';

const VALID = {
  name: '  Rana Khoury ',
  company: 'Studio Noor',
  email: 'Rana@Studio-Noor.example',
  needs: 'Forty tracks of oud and qanun for a documentary series, worldwide broadcast.',
};

describe('Enterprise quote requests', () => {
  let t: TestApp;
  const told: QuoteRow[] = [];
  let mailDown = false;

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        notifyQuote: async (quote) => {
          if (mailDown) throw new Error('SMTP refused the connection');
          told.push(quote);
        },
      },
    );
  });
  afterAll(async () => t?.close());

  const ask = (body: typeof VALID, headers: Record<string, string> = {}) =>
    callRoute(t.app, Api.quotes.request, { body, headers });
  /** A body that does not fit the route's type (a missing field, a number for a text). */
  const askHostile = (body: object) =>
    callRoute(t.app, Api.quotes.request, {
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  const rows = () =>
    selectRows(
      t.database.db,
      z.object({
        id: z.number(),
        name: z.string(),
        email: z.string(),
        user_id: z.number().nullable(),
        notified_at: timestampText.nullable(),
      }),
      sql`select id, name, email, user_id, notified_at from quote_requests order by id`,
    );

  it('stores the request, answers 201 with the confirmation, and tells the operator', async () => {
    const res = await ask(VALID);
    expect(res.status).toBe(201);
    const body = res.json;
    expect(body.message).toBe(QuoteMessages.received);
    const [row] = (await rows()).filter((r) => r.id === body.data.id);
    expect(row).toMatchObject({ name: 'Rana Khoury', email: 'rana@studio-noor.example', user_id: null });
    expect(row!.notified_at).not.toBeNull();
    expect(told.at(-1)).toMatchObject({ id: body.data.id, company: 'Studio Noor', needs: VALID.needs });
  });

  it('links the request to the account of a logged-in visitor', async () => {
    const user = await makeUser(t.database);
    const res = await ask(VALID, bearer(await makeSession(t.database, user.id)));
    expect(res.status).toBe(201);
    const id = res.json.data.id;
    expect((await rows()).find((r) => r.id === id)?.user_id).toBe(user.id);
  });

  it('refuses every malformed field with its message, storing nothing', async () => {
    const before = (await rows()).length;
    const cases: Array<[object, string, string]> = [
      [{ ...VALID, name: ' ' }, 'name', QuoteMessages.nameRequired],
      [{ ...VALID, name: 'x'.repeat(101) }, 'name', QuoteMessages.nameTooLong],
      [{ ...VALID, company: undefined }, 'company', QuoteMessages.companyRequired],
      [{ ...VALID, email: 'not-an-email' }, 'email', AuthMessages.emailInvalid],
      [{ ...VALID, email: '' }, 'email', AuthMessages.emailRequired],
      [{ ...VALID, needs: 'short' }, 'needs', QuoteMessages.needsTooShort],
      [{ ...VALID, needs: 'n'.repeat(5001) }, 'needs', QuoteMessages.needsTooLong],
      [{ ...VALID, needs: 42 }, 'needs', 'Must be a string.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await askHostile(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.error.errors?.[field]).toContain(message);
    }
    // An empty description says only that it is required.
    const empty = await ask({ ...VALID, needs: '   ' });
    expect(empty.error.errors?.['needs']).toEqual([QuoteMessages.needsRequired]);
    expect((await rows()).length).toBe(before);
  });

  it('keeps the request when mail is down and sends the notice at the next start', async () => {
    mailDown = true;
    const res = await ask({ ...VALID, company: 'Desert Films' });
    expect(res.status).toBe(201);
    const id = res.json.data.id;
    expect((await rows()).find((r) => r.id === id)?.notified_at).toBeNull();
    mailDown = false;
    // A restart on the same database: the pending notice goes out when the app is ready.
    const restarted = await buildApp({
      config: testConfig({ dataDir: t.dataDir }),
      database: t.database,
      storage: t.storage,
      audioPool: t.audio,
      notifyQuote: async (quote) => void told.push(quote),
    });
    try {
      await restarted.ready();
      expect(told.some((q) => q.id === id)).toBe(true);
      expect((await rows()).find((r) => r.id === id)?.notified_at).not.toBeNull();
    } finally {
      await restarted.close();
    }
  });
});

describe('Enterprise quote requests with the store mailer (the .eml default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('emails the operator (OPERATOR_EMAIL), replying to the requester', async () => {
    const res = await callRoute(t.app, Api.quotes.request, { body: VALID });
    expect(res.status).toBe(201);
    const id = res.json.data.id;
    const dir = path.join(t.dataDir, 'mail');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
    const mail = mails.find((m) => m.includes(`Enterprise quote request #${id} from Studio Noor`));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^To: operator@tarab\.local/m);
    expect(mail).toMatch(/^Reply-To: rana@studio-noor\.example/m);
    expect(mail).toContain('Forty tracks of oud and qanun');
  });
});
