import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { adminAuditLog, artists, cartOrders, licenses, orders, playlists, tracks, users } from '../db/schema/index.js';
import { seedDemoAccounts } from '../seed/demo-accounts.js';
import { seedPlans } from '../seed/plans.js';
import { makeAdminCommand, makeArtistCommand, removeDemoDataCommand, type CommandIo } from './user-commands.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The commands run in-process on an embedded database in a temporary DATA_DIR, as `npm run` would. */
describe('npm run user:artist and user:admin', () => {
  let dir: string;
  let io: CommandIo & { lines: { out: string[]; err: string[] } };
  let artistId: number;
  const open = () => openDatabase({ dataDir: path.join(dir, 'db') });

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-cli-'));
    const database = await open();
    await migrateDatabase(database);
    await database.db.insert(users).values([
      { name: 'Rana', email: 'Rana@Example.com', type: 'user' },
      { name: 'Nour', email: 'Nour@Example.com', type: 'user' },
    ]);
    const [artist] = await database.db.insert(artists).values({ name: 'Rana Quartet', image: 'x.svg' }).returning();
    artistId = artist!.id;
    await database.close();
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const lines = { out: [] as string[], err: [] as string[] };
    io = { env: { ...env, DATA_DIR: dir }, out: (l) => lines.out.push(l), err: (l) => lines.err.push(l), lines };
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });
  const last = (stream: 'out' | 'err') => io.lines[stream].at(-1);

  it('makes a user an artist linked to the artist record, and refuses unknown emails and bad usage', async () => {
    expect(await makeArtistCommand(['rana@example.com', String(artistId)], io)).toBe(0);
    expect(last('out')).toContain('is now the artist account');
    expect(await makeArtistCommand(['nobody@example.com', String(artistId)], io)).toBe(1);
    for (const bad of [
      [],
      ['rana@example.com'],
      ['rana@example.com', '0'],
      ['rana@example.com', 'x'],
      ['a', '1', '2'],
    ]) {
      expect(await makeArtistCommand(bad, io)).toBe(2);
      expect(last('err')).toBe('Usage: npm run user:artist -- <email> <artistId>');
    }
    const database = await open();
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'Rana@Example.com'));
      const [linked] = await database.db.select().from(artists).where(eq(artists.id, artistId));
      expect(user!.type).toBe('artist');
      expect(linked!.userId).toBe(user!.id);
    } finally {
      await database.close();
    }
  });

  it('promotes an account to admin (audited once), says so twice, and refuses unknown emails and bad usage', async () => {
    expect(await makeAdminCommand(['nour@example.com'], io)).toBe(0);
    expect(last('out')).toContain('is now an admin');
    expect(await makeAdminCommand(['NOUR@example.com'], io)).toBe(0);
    expect(last('out')).toContain('is an admin already');
    expect(await makeAdminCommand(['nobody@example.com'], io)).toBe(1);
    expect(await makeAdminCommand([], io)).toBe(2);
    expect(await makeAdminCommand(['a@b.c', 'extra'], io)).toBe(2);
    const database = await open();
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'Nour@Example.com'));
      expect(user!.type).toBe('admin');
      expect(await database.db.select().from(adminAuditLog)).toEqual([
        expect.objectContaining({
          actorEmail: 'cli',
          action: 'user.role',
          targetId: user!.id,
          before: { type: 'user' },
          after: { type: 'admin' },
        }),
      ]);
    } finally {
      await database.close();
    }
  });

  it('wires each npm script to its command: arguments in, exit code and message out', async () => {
    const cli = (file: string) =>
      run(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/server/src/cli', file)]);
    await expect(cli('make-artist.ts')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run user:artist'),
    });
    await expect(cli('make-admin.ts')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run user:admin'),
    });
  });
});

/** `npm run demo:remove` (issue #31), in-process on an embedded database in a temporary DATA_DIR. */
describe('npm run demo:remove', () => {
  let dir: string;
  let io: CommandIo & { lines: { out: string[]; err: string[] } };
  const open = () => openDatabase({ dataDir: path.join(dir, 'db') });

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-demo-remove-'));
    const database = await open();
    try {
      await migrateDatabase(database);
      await seedPlans(database.db);
      const [artist] = await database.db.insert(artists).values({ name: 'Demo Ensemble', image: 'x.svg' }).returning();
      const [track, second] = await database.db
        .insert(tracks)
        .values(
          ['One', 'Two'].map((title) => ({
            kind: 'music' as const,
            title,
            artistId: artist!.id,
            priceCents: 499,
            bpm: 90,
            durationS: 60,
            audioKey: `originals/${title}.wav`,
            previewKey: `previews/${title}.mp3`,
            peaksKey: `peaks/${title}.json`,
          })),
        )
        .returning();
      await database.db.transaction((tx) =>
        seedDemoAccounts(tx, artist!.id, { adminPassword: 'a-local-test-password' }),
      );
      const [listener] = await database.db.select().from(users).where(eq(users.email, 'listener@tarab.test'));
      // A real customer of the demo catalog: kept, with their order and licence.
      const [customer] = await database.db
        .insert(users)
        .values({ name: 'Real Customer', email: 'customer@example.com' })
        .returning();
      await database.db.insert(orders).values({
        userId: customer!.id,
        trackId: track!.id,
        amountCents: 499,
        status: 'paid',
        provider: 'local',
        providerRef: 'local_real_order',
      });
      await database.db
        .insert(licenses)
        .values({ userId: customer!.id, trackId: track!.id, licenseKey: 'TRB-REAL-1', source: 'purchase' });
      // The demo listener licensed a playlist: a cart with two line-item orders, and a single order.
      const [cart] = await database.db
        .insert(cartOrders)
        .values({
          userId: listener!.id,
          playlistName: 'Demo list',
          amountCents: 998,
          status: 'paid',
          provider: 'local',
          providerRef: 'local_cart',
        })
        .returning();
      await database.db.insert(orders).values(
        [track!, second!].map((t) => ({
          userId: listener!.id,
          trackId: t.id,
          amountCents: 499,
          status: 'paid' as const,
          provider: 'local',
          providerRef: `local_cart#${t.id}`,
          cartOrderId: cart!.id,
        })),
      );
      await database.db.insert(playlists).values({ userId: listener!.id, name: 'Demo list' });
    } finally {
      await database.close();
    }
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const lines = { out: [] as string[], err: [] as string[] };
    // The operator's production settings (which a server would refuse) do not stop the command.
    io = {
      env: { ...env, DATA_DIR: dir, TRUST_PROXY: 'true', PUBLIC_URL: 'https://tarab.example' },
      out: (l) => lines.out.push(l),
      err: (l) => lines.err.push(l),
      lines,
    };
  }, 60_000);
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('removes the demo accounts with their orders, carts and playlists, keeps the catalog and real customers, and is idempotent', async () => {
    expect(await removeDemoDataCommand(['--force'], io)).toBe(2);
    expect(io.lines.err.at(-1)).toBe('Usage: npm run demo:remove');
    expect(await removeDemoDataCommand([], io)).toBe(0);
    expect(io.lines.out.at(-1)).toMatch(
      /^Removed 4 demo accounts \(.*admin@tarab\.test\) with .*1 playlist, .*2 orders, 1 playlist checkout\./,
    );
    expect(await removeDemoDataCommand([], io)).toBe(0);
    expect(io.lines.out.at(-1)).toBe('No demo accounts in this database: nothing removed.');
    const database = await open();
    try {
      expect((await database.db.select({ email: users.email }).from(users)).map((u) => u.email)).toEqual([
        'customer@example.com',
      ]);
      expect(await database.db.select({ ref: orders.providerRef }).from(orders)).toEqual([{ ref: 'local_real_order' }]);
      expect(await database.db.select({ key: licenses.licenseKey }).from(licenses)).toEqual([{ key: 'TRB-REAL-1' }]);
      expect(await database.db.select().from(cartOrders)).toEqual([]);
      expect(await database.db.select().from(playlists)).toEqual([]);
      expect((await database.db.select().from(tracks)).length).toBe(2);
      expect((await database.db.select().from(artists)).map((a) => a.userId)).toEqual([null]);
    } finally {
      await database.close();
    }
  });
});
