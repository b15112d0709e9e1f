import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle handle every repo receives; the same type for PGlite and PostgreSQL. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repo functions accept either. */
export type DbOrTx = Parameters<Parameters<AppDb['transaction']>[0]>[0] | AppDb;

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  kind: DbKind;
  db: AppDb;
  /** Runs a multi-statement SQL script (migrations). */
  exec(sqlText: string): Promise<void>;
  /** PGlite only: the whole data folder as a tar, to open copies with `loadDataDir` (tests). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… connection string; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; when absent PGlite runs in memory. */
  dataDir?: string | undefined;
  /** pg pool size. */
  poolSize?: number;
  /** An idle pooled connection failed (PostgreSQL restarted, network cut): told here; stderr by default. */
  onPoolError?: (error: Error) => void;
  /** PGlite in memory: start from this dumped data folder (`dumpDataDir`) instead of an empty one (tests). */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10, opts.onPoolError ?? logPoolError);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    dump: async () => client.dumpDataDir('none'),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

const logPoolError = (error: Error) =>
  console.error(`database pool: an idle connection failed (${error.message}); the pool opens a new one`);

async function openPostgres(url: string, poolSize: number, onPoolError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process: logged, and the pool replaces it.
  pool.on('error', onPoolError);
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as AppDb;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Runs a raw SQL query and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
