import { ErrorBody } from '@tarab/contracts';

/**
 * The checks every rejected request must pass: one JSON error shape
 * `{ code, message, params?, errors?, field_codes? }` (decisions/005 and 062) whose `code` is one of
 * the contracts' list, the security headers, and nothing of the inside (stack frames, file paths,
 * SQL, engine error names) in the body.
 */
export interface InjectedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Text that must never reach a client: stack traces, paths, SQL and driver/engine errors. */
const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s+at\s/,
  /\bat\s+[\w$.<>]+\s+\(/,
  /\.(?:ts|js|mjs|cjs):\d+(?::\d+)?/,
  /node_modules/,
  /\/(?:work|home|usr|tmp|app|srv)\//,
  /\b(?:select|insert\s+into|update|delete\s+from)\b[^"]*\b(?:from|set|where|values)\b/i,
  /\b(?:relation|column)\s+"/i,
  /syntax error at or near/i,
  /violates|duplicate key|invalid byte sequence|invalid input syntax|out of range for type/i,
  /pglite|drizzle|postgres|\bpg_/i,
  /(?:^|")(?:Type|Reference|Syntax|Range|Eval|URI|Aggregate)?Error:/,
  /FST_[A-Z_]+|ERR_[A-Z_]{4,}/,
  // An engine's error code (`ECONNREFUSED`, `23505`) could only come as `code`, which must be one of the list (below).
  /"statusCode"|"stack"\s*:/,
];

export function errorShapeProblems(res: InjectedResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) problems.push(`content-type "${type}"`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push(`body is not JSON: ${res.body.slice(0, 120)}`);
    return problems;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    problems.push('body is not an object');
    return problems;
  }
  const record = body as Record<string, unknown>;
  const allowed = ['code', 'message', 'params', 'errors', 'field_codes'];
  const extra = Object.keys(record).filter((k) => !allowed.includes(k));
  if (extra.length) problems.push(`unexpected keys ${extra.join(', ')}`);
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) problems.push(`not an ErrorBody (code ${JSON.stringify(record.code)}): ${parsed.error.message}`);
  if (typeof record.message !== 'string' || record.message === '') problems.push('message is not a non-empty string');
  if (record.errors !== undefined) {
    const errors = record.errors;
    const ok =
      typeof errors === 'object' &&
      errors !== null &&
      !Array.isArray(errors) &&
      Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
    if (!ok) problems.push('errors is not Record<string, string[]>');
  }
  for (const pattern of LEAK_PATTERNS) {
    if (pattern.test(res.body)) problems.push(`leaks ${pattern}: ${res.body.slice(0, 160)}`);
  }
  return problems;
}
