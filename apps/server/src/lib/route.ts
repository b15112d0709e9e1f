import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RequestHeadersDefault,
} from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import {
  errorStatusesOf,
  isRawResponse,
  type RouteBody,
  type RouteHeaders,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
  type RouteSpec,
} from '@tarab/contracts';
import { requireRole, requireUser } from '../plugins/auth.js';
import { sessionSecurity } from './openapi-security.js';

/**
 * Registers a handler against an entry of the route table (`Api.*` in packages/contracts; decision 034).
 * Method, path, validation (params, query, body, headers), the response serializer, the OpenAPI
 * description and the access check (`access: 'user'` → 401 without a session, `'artist'` → 403 for
 * everyone else) all come from the entry; the handler's request and return types are inferred from it.
 *
 *   route(app, Api.catalog.album, async (request) => ({ data: await getAlbum(db, request.params.id) }));
 *   route(app, Api.commerce.checkout, { config: checkoutLimit }, async (request) => …);
 *
 * Routes that answer something other than JSON (`raw(...)` in the table) return `reply.send(...)`.
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Or<T, D> = [T] extends [undefined] ? D : T;

/** The request a handler of `R` receives, validated and typed from the table's schemas. */
type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: Or<RouteParams<R>, unknown>;
  Querystring: Or<RouteQuery<R>, unknown>;
  Body: Or<RouteBody<R>, unknown>;
  Headers: Or<RouteHeaders<R>, RequestHeadersDefault> & RequestHeadersDefault;
}>;

export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteReply<R> | FastifyReply>;

/** What the server adds to a table entry: rate limits and extra checks. */
export interface RouteOptions {
  config?: { rateLimit: RateLimitOptions };
  preHandler?: preHandlerHookHandler;
}

const artistOnly = requireRole('artist');
const adminOnly = requireRole('admin');

/**
 * The Fastify schema of a table entry (validation, serialization and OpenAPI). `errorStatuses` is
 * for the OpenAPI document only (plugins/openapi.ts adds an `ErrorBody` answer for each): the
 * statuses the entry derives (`errorStatusesOf`), with 429 when the server rate-limits the route.
 */
function fastifySchemaOf(spec: RouteSpec, options: RouteOptions = {}): FastifySchema & Record<string, unknown> {
  const response: Record<number, z.core.$ZodType> = {};
  for (const [status, answer] of Object.entries(spec.responses)) {
    if (!isRawResponse(answer)) response[Number(status)] = answer;
  }
  return {
    tags: [...spec.tags],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.access === 'public' ? {} : { security: sessionSecurity }),
    ...(spec.hidden ? { hide: true } : {}),
    ...(spec.consumes && spec.consumes[0] !== 'application/json' ? { consumes: [...spec.consumes] } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
    errorStatuses: errorStatusesOf(spec, { rateLimited: options.config?.rateLimit !== undefined }),
  };
}

export function route<const R extends RouteSpec>(app: App, spec: R, handler: RouteHandler<R>): void;
export function route<const R extends RouteSpec>(
  app: App,
  spec: R,
  options: RouteOptions,
  handler: RouteHandler<R>,
): void;
export function route<const R extends RouteSpec>(
  app: App,
  spec: R,
  optionsOrHandler: RouteOptions | RouteHandler<R>,
  maybeHandler?: RouteHandler<R>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
  const access = spec.access === 'user' ? requireUser : spec.access === 'artist' ? artistOnly : undefined;
  const preHandler = [access, options.preHandler].filter((h): h is preHandlerHookHandler => h !== undefined);
  app.route({
    method: spec.head ? [spec.method, 'HEAD'] : spec.method,
    url: spec.path,
    // Media and pages answer HEAD themselves (above); JSON routes keep Fastify's automatic HEAD.
    ...(spec.head ? { exposeHeadRoute: false } : {}),
    schema: fastifySchemaOf(spec, options),
    ...(options.config ? { config: options.config } : {}),
    // The operator console answers nobody else, not even with a validation message: checked before the body is read.
    ...(spec.access === 'admin' ? { onRequest: adminOnly } : {}),
    ...(preHandler.length > 0 ? { preHandler: preHandler.length === 1 ? preHandler[0]! : preHandler } : {}),
    // Fastify validated the request against the entry's schemas: its parts have the entry's types.
    // A route that takes no body never sees one (nothing unvalidated reaches a handler or a cache key).
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      if (!spec.body && !spec.consumes) request.body = undefined;
      return handler(request as RouteRequest<R>, reply);
    },
  });
}
