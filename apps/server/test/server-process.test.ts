import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Api, pathOf, urlOf } from '@tarab/contracts';
import { openDatabase, selectRows } from '../src/db/client.js';
import { freePort } from './throwaway-postgres.js';
import { z } from 'zod';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server and waits until its output shows `until` (by default: serving). */
async function startServer(dataDir: string, port: number, until = 'Tarab is serving at'): Promise<Running> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // Plain node with tsx as a loader: no wrapper process between the signal and the server.
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CATALOG: 'small',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      REGISTER_MAX_PER_WINDOW: '1000',
    },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Waits for `until` in the output; the child exiting first ends the wait at once.
  await vi
    .waitFor(
      () => {
        if (child.exitCode === null && !out.includes(until)) throw new Error('not serving yet');
      },
      { timeout: 200_000, interval: 100 },
    )
    .catch(() => {
      throw new Error(`server did not start:\n${out}`);
    });
  if (!out.includes(until)) throw new Error(`server exited early:\n${out}`);
  return { child, output: () => out, exited };
}

describe('the server process', () => {
  let dataDir: string;
  let port: number;
  /** The address of a path (`urlOf(Api.x.y, …)`) on the server process. */
  const at = (url: string) => `http://127.0.0.1:${port}${url}`;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-process-'));
    port = await freePort();
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('seeds on first start, finishes an in-flight request on SIGTERM, and keeps its data for the next start', async () => {
    const first = await startServer(dataDir, port);
    expect(first.output()).toContain('Rendering the demo catalog');
    const health = await fetch(at(urlOf(Api.health.health)));
    expect(Api.health.health.responses[200].parse(await health.json())).toEqual({ ok: true, db: 'pglite' });

    // A large public file, read slowly, so SIGTERM arrives while the response is in flight.
    const size = 24 * 1024 * 1024;
    const big = Buffer.alloc(size, 7);
    await fs.mkdir(path.join(dataDir, 'media/public/previews'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'media/public/previews/big.mp3'), big);
    const received = await new Promise<number>((resolve, reject) => {
      const mediaPath = pathOf(Api.site.media, { '*': 'previews/big.mp3' });
      const req = http.get({ host: '127.0.0.1', port, path: mediaPath }, (res) => {
        let total = 0;
        let signalled = false;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (!signalled) {
            signalled = true;
            res.pause();
            first.child.kill('SIGTERM');
            setTimeout(() => res.resume(), 300);
          }
        });
        res.on('end', () => resolve(total));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    expect(received).toBe(size);
    expect(await first.exited).toBe(0);

    // New connections are refused once closed.
    await expect(fetch(at(urlOf(Api.health.health)))).rejects.toThrow();

    const second = await startServer(dataDir, port);
    expect(second.output()).not.toContain('Rendering the demo catalog');

    // SIGTERM under load: 150 writes in flight; every one answered 200 has its row, none is half-done.
    const register = await fetch(at(urlOf(Api.auth.register)), {
      method: Api.auth.register.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Load Tester',
        email: 'load@example.com',
        password: 'a-long-enough-secret',
        password_confirmation: 'a-long-enough-secret',
      }),
    });
    const token = Api.auth.register.responses[200].parse(await register.json()).data.token;
    const names = Array.from({ length: 150 }, (_, i) => `Under load ${i}`);
    let firstAnswered: () => void = () => {};
    const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
    const writes = names.map((name) =>
      fetch(at(urlOf(Api.library.createPlaylist)), {
        method: Api.library.createPlaylist.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name }),
      }).then(
        (res) => {
          firstAnswered();
          return res.status;
        },
        () => 'refused' as const,
      ),
    );
    // The signal lands while most of the 150 writes are still queued or in flight.
    await answered;
    second.child.kill('SIGTERM');
    const outcomes = await Promise.all(writes);
    expect(await second.exited, second.output()).toBe(0);
    const ok = outcomes.filter((o) => o === 200).length;
    expect(outcomes.every((o) => o === 200 || o === 503 || o === 'refused')).toBe(true);
    expect(ok).toBeGreaterThan(0);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const tracks = await selectRows(
        database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from tracks`,
      );
      expect(tracks[0]?.n).toBeGreaterThanOrEqual(16);
      const playlists = await selectRows(
        database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from playlists where name like 'Under load %'`,
      );
      expect(playlists[0]?.n).toBe(ok);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('a crash while rendering the demo catalog leaves no rows, and the next start renders it whole', async () => {
    const crashDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-crash-'));
    try {
      // SIGKILL (no shutdown of any kind) once some tracks are rendered and stored.
      const crashed = await startServer(crashDir, port, 'rendered ');
      crashed.child.kill('SIGKILL');
      await crashed.exited;
      expect(crashed.output()).not.toContain('Tarab is serving at');

      const countTracks = async () => {
        const database = await openDatabase({ dataDir: path.join(crashDir, 'db') });
        try {
          return (
            await selectRows(database.db, z.object({ n: z.number() }), sql`select count(*)::int as n from tracks`)
          )[0]!.n;
        } finally {
          await database.close();
        }
      };
      expect(await countTracks()).toBe(0);

      const restarted = await startServer(crashDir, port);
      expect(restarted.output()).toContain('Rendering the demo catalog');
      const music = await fetch(at(urlOf(Api.catalog.music, { query: { per_page: 50 } })));
      const loops = await fetch(at(urlOf(Api.catalog.loops, { query: { per_page: 50 } })));
      const total = async (res: Response) => Api.catalog.music.responses[200].parse(await res.json()).data.total;
      const listed = (await total(music)) + (await total(loops));
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
      expect(listed).toBe(16);
      expect(await countTracks()).toBe(16);
    } finally {
      await fs.rm(crashDir, { recursive: true, force: true });
    }
  }, 240_000);
});
