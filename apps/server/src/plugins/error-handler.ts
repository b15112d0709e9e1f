import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Messages, type ErrorBody } from '@tarab/contracts';
import { AppError, type FieldErrors } from '../lib/errors.js';

/** Database unreachable (connection refused/reset, pool exhausted, PGlite closed): 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code)
  )
    return true;
  const message = (error as { message?: unknown })?.message;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(message)
  );
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

/**
 * One JSON error shape for every failure: `{ message, errors? }`.
 * Body validation failures answer 422 with a field map (as the sign-up screen expects);
 * query/path validation failures 400; unexpected errors 500 with no detail (logged with the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const params = issue.params as { missingProperty?: unknown; issue?: { path?: unknown[] } } | undefined;
        const key = fieldName(issue.instancePath, params?.missingProperty);
        (errors[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      const status = (error as { validationContext?: string }).validationContext === 'body' ? 422 : 400;
      const first = Object.values(errors)[0]?.[0];
      const message =
        status === 422 ? (first ?? Messages.validationFailed) : `Invalid request: ${Object.keys(errors).join(', ')}`;
      return reply.status(status).send({ message, errors });
    }
    const fe = error as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && fe.statusCode === 400)
    ) {
      return reply.status(400).send({ message: Messages.malformedJson });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.status(503).send({ message: Messages.serviceUnavailable });
    }
    const status =
      typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: Messages.internalError });
    }
    if (status === 429) return reply.status(429).send({ message: Messages.tooManyRequests });
    return reply.status(status).send({ message: fe.message || Messages.validationFailed });
  });
}
