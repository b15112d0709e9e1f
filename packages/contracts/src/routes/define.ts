import type { z } from 'zod';

/**
 * The route table's building blocks (decision 034). Every HTTP route of the server is one
 * `defineRoute({...})` entry in `packages/contracts/src/routes/`; the server registers its handler
 * against the entry (`apps/server/src/lib/route.ts`), the web app calls it through the one typed
 * client (`apps/web/src/lib/api-client.ts`), and the OpenAPI document is made from the table.
 */
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
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body (validated by the server; 422 with a field map when it does not fit). */
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** Content types of a body that is not parsed JSON (multipart upload, a signed raw webhook body). */
  readonly consumes?: readonly string[];
  /** Answers by status: a zod schema for JSON (the server serializes with it, the client parses with it), or `raw(...)`. */
  readonly responses: Readonly<Record<number, z.ZodType | RawResponse>>;
  /** Left out of the OpenAPI document (robots.txt, the sitemap, media, the web app's pages). */
  readonly hidden?: boolean;
  /** Also answers HEAD (media). */
  readonly head?: boolean;
}

/** One route of the table; `const` keeps the literal types the server and the client infer from. */
export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

type SchemaOf<R, K extends string> = R extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What the server's handler receives, after validation (zod output). */
export type RouteParams<R extends RouteSpec> =
  SchemaOf<R, 'params'> extends z.ZodType ? z.output<SchemaOf<R, 'params'>> : undefined;
export type RouteQuery<R extends RouteSpec> =
  SchemaOf<R, 'query'> extends z.ZodType ? z.output<SchemaOf<R, 'query'>> : undefined;
export type RouteBody<R extends RouteSpec> =
  SchemaOf<R, 'body'> extends z.ZodType ? z.output<SchemaOf<R, 'body'>> : undefined;
export type RouteHeaders<R extends RouteSpec> =
  SchemaOf<R, 'headers'> extends z.ZodType ? z.output<SchemaOf<R, 'headers'>> : undefined;
/** What a client sends as the body (zod input). */
export type RouteBodyInput<R extends RouteSpec> =
  SchemaOf<R, 'body'> extends z.ZodType ? z.input<SchemaOf<R, 'body'>> : undefined;

type JsonResponses<R extends RouteSpec> = {
  [S in keyof R['responses']]: R['responses'][S] extends z.ZodType ? R['responses'][S] : never;
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

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
type HasSchema<R, K extends string> = SchemaOf<R, K> extends z.ZodType ? true : false;

/** Path parameters a client fills in (`:id` → `{ id: 3 }`; a trailing `*` → `{ '*': 'a/b.mp3' }`). */
export type RouteParamsInput<R extends RouteSpec> =
  SchemaOf<R, 'params'> extends z.ZodType
    ? { [K in keyof z.output<SchemaOf<R, 'params'>>]: string | number }
    : Readonly<Record<string, string | number>>;
/** Query values a client may send (the route's query keys; empty values are left out). */
export type RouteQueryInput<R extends RouteSpec> =
  SchemaOf<R, 'query'> extends z.ZodType ? { [K in keyof z.output<SchemaOf<R, 'query'>>]?: QueryValue } : never;

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
