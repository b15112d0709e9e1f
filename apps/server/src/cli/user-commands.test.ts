import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { adminAuditLog, artists, users } from '../db/schema/index.js';
import { makeAdminCommand, makeArtistCommand, type CommandIo } from './user-commands.js';

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
