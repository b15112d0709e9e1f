/** PostgreSQL's SQLSTATE for a unique violation (`unique_violation`). */
const UNIQUE_VIOLATION = '23505';

/** The fields of a PostgreSQL error that node-postgres and PGlite both give (`DatabaseError`). */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/**
 * Whether `error` is a unique violation — of `constraint` (the index or constraint name), when given.
 * Drizzle wraps the driver's error (`DrizzleQueryError`, the driver's error as its `cause`); the
 * driver's own error is read as well, so either is recognised.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null | undefined)?.cause];
  return candidates.some((candidate) => {
    if (typeof candidate !== 'object' || candidate === null) return false;
    const pg = candidate as PgErrorFields;
    return pg.code === UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
  });
}
