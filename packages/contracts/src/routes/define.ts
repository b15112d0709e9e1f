import type { z } from '../zod.js';

/**
 * The route table's building blocks (decision 034). Every HTTP route of the server is one
 * `defineRoute({...})` entry in `packages/contracts/src/routes/`; the server registers its handler
 * against the entry (`apps/server/src/lib/route.ts`), the web app calls it through the one typed
 * client (`apps/web/src/lib/api-client.ts`), and the OpenAPI document is made from the table.
 */
/**
 * Where the API lives, and the OpenAPI plugin's two pages beside the table's routes (Swagger UI and
 * the document): the server mounts them, tests and audits name them from here.
 */
export const ApiPaths = {
  prefix: '/api',
  docs: '/api/docs',
  docsJson: '/api/docs/json',
} as const;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route; the server applies the matching check and OpenAPI documents the session. */
export type RouteAccess = 'public' | 'user' | 'artist' | 'admin';

/** A response that is not JSON (a zip, a PDF, an HTML page, a text file, media bytes). */
export interface RawResponse {
  readonly kind: 'raw';
  readonly contentType: string;
  readonly description: string;
}

/** A non-JSON answer of a route: its content type and what it is. */
export const raw = (contentType: string, description: string): RawResponse => ({
  kind: 'raw',
  contentType,
  description,
});

export const isRawResponse = (value: unknown): value is RawResponse =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'raw';

export interface RouteSpec {
  readonly method: HttpMethod;
  /** The path in Fastify's form: `/api/album/:id`, `/media/*`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: RouteAccess;
  readonly params?: z.core.$ZodType;
  readonly query?: z.core.$ZodType;
  /** The JSON body (validated by the server; 422 with a field map when it does not fit). */
  readonly body?: z.core.$ZodType;
  readonly headers?: z.core.$ZodType;
  /** Content types of a body that is not parsed JSON (multipart upload, a signed raw webhook body). */
  readonly consumes?: readonly string[];
  /** Answers by status: a zod schema for JSON (the server serializes with it, the client parses with it), or `raw(...)`. */
  readonly responses: Readonly<Record<number, z.core.$ZodType | RawResponse>>;
  /** Left out of the OpenAPI document (robots.txt, the sitemap, media, the web app's pages). */
  readonly hidden?: boolean;
  /** Also answers HEAD (media). */
  readonly head?: boolean;
  /**
   * Error statuses the route answers beyond those `errorStatusesOf` derives from its access, params
   * and body (409 conflicts, 402 payments, 401 of a login, 429 of a limit kept in code…); every one
   * answers `ErrorBody` (decision 062).
   */
  readonly errors?: readonly ErrorStatus[];
}

/** The statuses an error answer may have (each with an `ErrorBody`). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 412 | 413 | 415 | 416 | 422 | 429 | 500 | 502 | 503;

const unsafeMethods: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every error status a route may answer, for its OpenAPI entry (decision 062): 400 (a bad request
 * target, query or JSON), 500 and 503 (the database away) on every route; 401 on routes that need a
 * session and 403 on the artists' and operators' routes; 403 on writes under /api/ (a cross-site
 * request from a browser is refused); 404 where the path names something; 413, 415 and 422 where a
 * body is read; 429 where the server rate-limits the route; and the route's own `errors`.
 */
export function errorStatusesOf(route: RouteSpec, options: { rateLimited?: boolean } = {}): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, 503]);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'artist' || route.access === 'admin') statuses.add(403);
  if (unsafeMethods.has(route.method) && route.path.startsWith('/api/')) statuses.add(403);
  if (route.params || route.path.includes(':') || route.path.endsWith('*')) statuses.add(404);
  if (route.body || route.consumes) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.body) statuses.add(422);
  if (options.rateLimited) statuses.add(429);
  for (const status of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** One route of the table; `const` keeps the literal types the server and the client infer from. */
export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

type SchemaOf<R, K extends string> = R extends { readonly [P in K]: infer S extends z.core.$ZodType } ? S : undefined;

/** What the server's handler receives, after validation (zod output). */
export type RouteParams<R extends RouteSpec> =
  SchemaOf<R, 'params'> extends z.core.$ZodType ? z.output<SchemaOf<R, 'params'>> : undefined;
export type RouteQuery<R extends RouteSpec> =
  SchemaOf<R, 'query'> extends z.core.$ZodType ? z.output<SchemaOf<R, 'query'>> : undefined;
export type RouteBody<R extends RouteSpec> =
  SchemaOf<R, 'body'> extends z.core.$ZodType ? z.output<SchemaOf<R, 'body'>> : undefined;
export type RouteHeaders<R extends RouteSpec> =
  SchemaOf<R, 'headers'> extends z.core.$ZodType ? z.output<SchemaOf<R, 'headers'>> : undefined;
/** What a client sends as the body (zod input). */
export type RouteBodyInput<R extends RouteSpec> =
  SchemaOf<R, 'body'> extends z.core.$ZodType ? z.input<SchemaOf<R, 'body'>> : undefined;

type JsonResponses<R extends RouteSpec> = {
  [S in keyof R['responses']]: R['responses'][S] extends z.core.$ZodType ? R['responses'][S] : never;
}[keyof R['responses']];

/** What the server's handler returns (zod input of any JSON answer the route declares). */
export type RouteReply<R extends RouteSpec> = [JsonResponses<R>] extends [never] ? never : z.input<JsonResponses<R>>;
/** What the client gets back from a JSON route (zod output of its success answers). */
export type RouteResult<R extends RouteSpec> = [JsonResponses<R>] extends [never] ? never : z.output<JsonResponses<R>>;

/** Fills `:name` parameters (percent-encoded) and a trailing `*`. */
export function pathOf(route: Pick<RouteSpec, 'path'>, params?: Readonly<Record<string, string | number>>): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g, (whole, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined) throw new Error(`pathOf(${route.path}): missing ${name ?? '*'}`);
    return name ? encodeURIComponent(String(value)) : String(value);
  });
}

/** The OpenAPI form of a path: `/api/album/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

// ---- what a client sends ------------------------------------------------------------------

/** Query values a client may send; empty ones are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined | ReadonlyArray<string | number>>;

/**
 * Builds a query string; empty values are left out (spec §5) and arrays use the
 * bracket form `genre[]=a&genre[]=b`.
 */
export function toQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(`${key}[]`, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
type HasSchema<R, K extends string> = SchemaOf<R, K> extends z.core.$ZodType ? true : false;

/** Path parameters a client fills in (`:id` → `{ id: 3 }`; a trailing `*` → `{ '*': 'a/b.mp3' }`). */
export type RouteParamsInput<R extends RouteSpec> =
  SchemaOf<R, 'params'> extends z.core.$ZodType
    ? { [K in keyof z.output<SchemaOf<R, 'params'>>]: string | number }
    : Readonly<Record<string, string | number>>;
/** Query values a client may send (the route's query keys; empty values are left out). */
export type RouteQueryInput<R extends RouteSpec> =
  SchemaOf<R, 'query'> extends z.core.$ZodType ? { [K in keyof z.output<SchemaOf<R, 'query'>>]?: QueryValue } : never;

/** The URL of a route of the table: path parameters filled in (`pathOf`), the query appended. */
export function urlOf<const R extends RouteSpec>(
  route: R,
  options: { params?: RouteParamsInput<R>; query?: RouteQueryInput<R> } = {},
): string {
  return `${pathOf(route, options.params)}${toQueryString(options.query as QueryParams | undefined)}`;
}

/** The options of one call: `params` when the path has some, `body` when the route takes one. */
export type RouteCallOptions<R extends RouteSpec> = {
  query?: RouteQueryInput<R>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
} & (HasSchema<R, 'params'> extends true ? { params: RouteParamsInput<R> } : { params?: undefined }) &
  (HasSchema<R, 'body'> extends true ? { body: RouteBodyInput<R> } : { body?: undefined });

/** `[options?]` for a route without path parameters or body, `[options]` otherwise. */
export type RouteCallArgs<R extends RouteSpec> =
  HasSchema<R, 'params'> extends true
    ? [options: RouteCallOptions<R>]
    : HasSchema<R, 'body'> extends true
      ? [options: RouteCallOptions<R>]
      : [options?: RouteCallOptions<R>];
