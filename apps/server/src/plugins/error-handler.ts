import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeOfMessage, ServerErrors, type ErrorBody, type ErrorCode, type PlainErrorCode } from '@tarab/contracts';
import { AppError, invalidRequest, validationFailed, type FieldCodes, type FieldErrors } from '../lib/errors.js';

/** Database unreachable (connection refused/reset, pool exhausted, PGlite closed): 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") with the real one as its cause.
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003'].includes(code)
    )
      return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

function fieldName(instancePath: string, missing: unknown): string {
  // `/mood/0` names the field `mood`: array positions are not fields.
  const fromPath = instancePath
    .replace(/^\//, '')
    .split('/')
    .filter((segment) => !/^\d+$/.test(segment))
    .join('.');
  if (typeof missing === 'string' && missing) return fromPath ? `${fromPath}.${missing}` : missing;
  return fromPath || '_';
}

/** The code of an error Fastify (or a plugin) raised with a 4xx status of its own. */
const codeOfStatus: Readonly<Record<number, PlainErrorCode>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  412: 'precondition_failed',
  413: 'payload_too_large',
  414: 'path_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  422: 'validation_failed',
  429: 'too_many_requests',
};

const plain = (code: PlainErrorCode): ErrorBody => ({ code, message: ServerErrors[code] });

/**
 * One JSON error shape for every failure: `{ code, message, params?, errors?, field_codes? }` (decision 062).
 * Body validation failures answer 422 `validation_failed` with a field map (as the sign-up screen expects);
 * query/path validation failures 400 `invalid_request`; errors of Fastify and its plugins the code of
 * their status; unexpected errors 500 `internal_error` with no detail (logged with the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      const fieldCodes: Record<string, (ErrorCode | null)[]> = {};
      for (const issue of error.validation) {
        const params = issue.params as { missingProperty?: unknown; issue?: { path?: unknown[] } } | undefined;
        const key = fieldName(issue.instancePath, params?.missingProperty);
        const message = issue.message ?? 'Invalid value';
        (errors[key] ??= []).push(message);
        // The schemas' messages are entries of ServerErrors: each names its code. Zod's own texts
        // (a wrong type where the schema gave none) have none, and the field then has no codes.
        const code = codeOfMessage(message);
        (fieldCodes[key] ??= []).push(code ?? null);
      }
      const codes: FieldCodes = Object.fromEntries(
        Object.entries(fieldCodes).filter((entry): entry is [string, ErrorCode[]] => entry[1].every(Boolean)),
      );
      const answer =
        (error as { validationContext?: string }).validationContext === 'body'
          ? validationFailed(errors, codes)
          : invalidRequest(errors, codes);
      return reply.status(answer.status).send(answer.toBody());
    }
    const fe = error as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && fe.statusCode === 400)
    ) {
      return reply.status(400).send(plain('malformed_json'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.status(503).send(plain('service_unavailable'));
    }
    const status =
      typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(plain('internal_error'));
    }
    // Every 429 says when to come back.
    if (status === 429 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', '60');
    return reply.status(status).send(plain(codeOfStatus[status] ?? 'bad_request'));
  });
}

/**
 * For Fastify's `frameworkErrors` option (`Fastify({ frameworkErrors: frameworkErrorHandler })`):
 * failures the router meets before any hook runs — a path that is not valid percent-encoding
 * (`/api/artist/%E0%A4%A`), a path parameter over `maxParamLength` — answer in the one error shape
 * with the security headers. Without it Fastify writes its own body, which echoes the path and
 * skips every hook.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const code: PlainErrorCode = status === 414 ? 'path_too_long' : status === 400 ? 'invalid_path' : 'internal_error';
  reply
    .code(status)
    // The router answers before the onSend hooks of plugins/security.ts: the headers are set here.
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(plain(code)));
}
