import type { FastifyRequest } from 'fastify';

/**
 * What request and error logs must never carry: download tokens, checkout session ids, OAuth and
 * card-setup secrets, auth headers and cookies, and the parameters of SQL statements (emails,
 * token hashes, …). Used by the logger of app.ts.
 */
const REDACTED = '[redacted]';

/** Path segments that are secrets themselves (the signed download token, a checkout session id). */
const SECRET_PATHS: RegExp[] = [/^(\/api\/downloads\/)[^/?#]+/, /^(\/api\/local-payments\/checkout\/)[^/?#]+/];
/** Query parameters whose values are secrets. */
const SECRET_PARAMS =
  /^(session_id|token|access_token|id_token|code|state|client_secret|payment_intent_client_secret|setup_intent_client_secret|signature|sig|key)$/i;

/** The URL with secret path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathname = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return pathname;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep it as sent
      }
      return SECRET_PARAMS.test(name.replace(/\[\]$/, '')) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

/** Drizzle's `Failed query: …\nparams: a,b` (and any `params:` line): the statement stays, the values go. */
const redactParams = (text: string) => text.replace(/(\bparams:)[^\n]*/gi, `$1 ${REDACTED}`);

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: SerializedError;
  [key: string]: unknown;
}

/** pino `err` serializer: message, stack and cause chain, without query parameters. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactParams(String(error)), stack: '' };
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: redactParams(error.message),
    stack: redactParams(error.stack ?? ''),
  };
  const e = error as Error & Record<string, unknown>;
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'query'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  // `params`, `parameters`, `detail` (holds row values: "Key (email)=(x@y) already exists") stay out.
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** pino `req` serializer: Fastify's fields with a redacted URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Header paths pino replaces with `[Redacted]` wherever a request or response is logged whole. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];
