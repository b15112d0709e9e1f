import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import * as schema from './schema/index.js';

type Schema = typeof schema;

/**
 * What both drivers answer to a raw statement (`db.execute`): PGlite's `Results` and node-postgres'
 * `QueryResult` both carry `rows`. The row type is left open: raw rows are read through `selectRows`,
 * which parses them with a zod schema (decision 048).
 */
interface RawQueryResultHKT extends PgQueryResultHKT {
  readonly type: { rows: Record<string, unknown>[] };
}

/**
 * The Drizzle handle every repo receives; the same type for PGlite and PostgreSQL (Drizzle's common
 * base class, which both drivers' databases extend).
 */
export type AppDb = PgDatabase<RawQueryResultHKT, Schema>;
/** A transaction or the database itself: repo functions accept either. */
export type DbOrTx = Parameters<Parameters<AppDb['transaction']>[0]>[0] | AppDb;

type DbKind = 'pglite' | 'postgres';

/** An open database: `db` for repos, and the driver's own handle (the same object) for its migrator. */
export type Database = DatabaseHandle &
  ({ kind: 'pglite'; driver: PgliteDatabase<Schema> } | { kind: 'postgres'; driver: NodePgDatabase<Schema> });

interface DatabaseHandle {
  kind: DbKind;
  db: AppDb;
  /** Runs a multi-statement SQL script (migrations). */
  exec(sqlText: string): Promise<void>;
  /**
   * A statement from a library that brings its own SQL (the job queue): with values, one statement
   * with `$1`…; without, a script whose last statement's rows are answered. Everything else uses `db`.
   */
  query(sqlText: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
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
  const driver = drizzlePglite(client, { schema });
  let closed = false;
  return {
    kind: 'pglite',
    db: driver,
    driver,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async (sqlText, values = []) => {
      if (values.length > 0) return client.query<Record<string, unknown>>(sqlText, [...values]);
      // PGlite's query takes one statement; exec runs a script and answers each statement's rows.
      const results = await client.exec(sqlText);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
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
  const driver = drizzlePg(pool, { schema });
  let closed = false;
  return {
    kind: 'postgres',
    db: driver,
    driver,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async (sqlText, values = []) => {
      // Without values node-postgres sends a simple query, which may hold several statements (then
      // it answers one result each).
      const result: unknown = await pool.query(sqlText, [...values]);
      const last = (Array.isArray(result) ? result.at(-1) : result) as { rows?: Record<string, unknown>[] } | undefined;
      return { rows: last?.rows ?? [] };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A timestamp or date column in a raw row: both drivers hand it over as PostgreSQL's text (Drizzle
 * keeps them unparsed on raw queries; the query builder makes Dates of its own columns).
 */
export const timestampText = z.string();

/**
 * Runs a raw SQL query and returns its rows, each parsed with `row` (a zod object of the selected
 * columns, declared once beside the query): the row type is inferred from the schema and checked,
 * never asserted. A row that does not fit (a column renamed, a count that came back as a string) is a
 * programming error: it throws, naming the query's first misfit.
 */
export async function selectRows<Row extends z.ZodType<Record<string, unknown>>>(
  db: DbOrTx,
  row: Row,
  query: SQL,
): Promise<z.output<Row>[]> {
  const { rows } = await db.execute(query);
  return rows.map((raw, i) => {
    const parsed = row.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new Error(
      `selectRows: row ${i} does not fit its schema (${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'})`,
      { cause: parsed.error },
    );
  });
}
