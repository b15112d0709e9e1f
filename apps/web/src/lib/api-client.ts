import type { Api as RouteTable } from '@tarab/contracts';
import { answersReleased } from '@/lib/hydration-gate';
import { answerTextsReady } from '@/lib/i18n/messages';
import { loadSchemaLibrary, routeGroupLoaders } from '@tarab/contracts/route-groups';
import {
  isRawResponse,
  pathOf,
  type HttpMethod,
  type RouteCallArgs,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteResult,
  type RouteSpec,
} from '@tarab/contracts/route-define';

/**
 * The one HTTP client of the web app: same-origin fetch with the session cookie,
 * JSON in and out, and one error parser (spec §8 "Rejection value": the server's
 * `{ message, errors? }` body, else the network error message).
 */

export type FieldErrors = Record<string, string[]>;

/** What every failed call rejects with. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;

  constructor(status: number, message: string, errors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (errors) this.errors = errors;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

const FALLBACK_MESSAGE = 'Something went wrong';
/** What a call that got no answer rejects with when the browser gave no reason. */
export const NETWORK_MESSAGE = 'Network error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps `field → messages` pairs; a single string becomes a one-element list. */
function parseFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string') {
      errors[field] = [messages];
    } else if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) errors[field] = texts;
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * Turns an error response into an ApiError. `body` is the parsed JSON body, or the
 * raw text when it was not JSON, or undefined when there was none.
 */
export function parseErrorResponse(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const errors = parseFieldErrors(body.errors);
    const message =
      typeof body.message === 'string' && body.message.trim() !== ''
        ? body.message
        : (errors && Object.values(errors)[0]?.[0]) || FALLBACK_MESSAGE;
    return new ApiError(status, message, errors);
  }
  if (typeof body === 'string' && body.trim() !== '' && body.length <= 300) {
    return new ApiError(status, body.trim());
  }
  return new ApiError(status, FALLBACK_MESSAGE);
}

/** Turns a thrown fetch failure (offline, DNS, CORS…) into an ApiError with status 0. */
export function parseNetworkError(cause: unknown): ApiError {
  if (isApiError(cause)) return cause;
  const message = cause instanceof Error && cause.message.trim() !== '' ? cause.message : NETWORK_MESSAGE;
  return new ApiError(0, message);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

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

type RequestOptions = {
  query?: QueryParams | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
};

/** Any route's call options, as `call` reads them once the types have checked the caller. */
type CallOptions = {
  params?: Readonly<Record<string, string | number>>;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** What a success answer that does not fit the route's schema rejects with. */
export const UNEXPECTED_ANSWER = 'The server sent an answer this page cannot read.';

/** A success status whose body does not fit the route's schema. */
export class UnexpectedAnswerError extends ApiError {
  constructor(status: number) {
    super(status, UNEXPECTED_ANSWER);
    this.name = 'UnexpectedAnswerError';
  }
}

async function send(
  method: HttpMethod,
  url: string,
  options: RequestOptions,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // Let TanStack Query see aborts as aborts.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw parseNetworkError(cause);
  }

  let body: unknown;
  try {
    body = await readBody(response);
  } catch (cause) {
    throw parseNetworkError(cause);
  }
  if (!response.ok) throw parseErrorResponse(response.status, body);
  return { status: response.status, body };
}

/**
 * A route of the table by reference: `Api.catalog.album` from `@tarab/contracts/api-refs` (key, method
 * and path; decision 050). Its schemas stay in the table, whose group the client loads with the first
 * answer of that group it parses (decision 051), so the first page of the store loads no schema
 * library before its first answer, and then only its groups' schemas.
 */
export type RouteRef = { readonly key: string; readonly method: HttpMethod; readonly path: string };

type Table = typeof RouteTable;
/** The full route of the table a reference names (`'catalog.album'` → `Api.catalog.album`). */
export type RouteOf<Ref extends RouteRef> = Ref['key'] extends `${infer Group}.${infer Name}`
  ? Group extends keyof Table
    ? Name extends keyof Table[Group]
      ? Extract<Table[Group][Name], RouteSpec>
      : never
    : never
  : never;

type RouteGroup = Readonly<Record<string, RouteSpec>>;
const routeGroups = new Map<string, Promise<RouteGroup>>();

/** Resolves in a later task: the browser may paint and handle input in between. */
const afterATask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A group of the route table (every schema of its routes), loaded once, when its first call is made. */
function loadRouteGroup(group: string): Promise<RouteGroup> {
  let loading = routeGroups.get(group);
  if (!loading) {
    const load = (routeGroupLoaders as Readonly<Record<string, (() => Promise<RouteGroup>) | undefined>>)[group];
    if (!load) return Promise.reject(new Error(`No group ${group} in the route table`));
    // Both are fetched at once (one round trip, not two). The schema library's graph is the smaller, so
    // it is usually evaluated first, in a task of its own, and the group's schemas in a later one.
    const groupLoading = load();
    groupLoading.catch(() => undefined);
    loading = loadSchemaLibrary()
      .then(afterATask)
      .then(() => groupLoading);
    routeGroups.set(group, loading);
    // A chunk that could not load (the network went away) is asked for again by the next call.
    loading.catch(() => routeGroups.delete(group));
  }
  return loading;
}

/** The schemas of a referenced route. */
async function routeSpecOf(route: RouteRef): Promise<RouteSpec> {
  const [group = '', name = ''] = route.key.split('.');
  const spec = (await loadRouteGroup(group))[name];
  if (!spec) throw new Error(`No route ${route.key} in the route table`);
  return spec;
}

/** The URL of a route of the table (path parameters filled in, the query appended). */
export function urlOf<const Ref extends RouteRef>(
  route: Ref,
  options: { params?: RouteParamsInput<RouteOf<Ref>>; query?: RouteQueryInput<RouteOf<Ref>> } = {},
): string {
  return `${pathOf(route, options.params)}${toQueryString(options.query as QueryParams | undefined)}`;
}

/**
 * Calls a route of the table (`Api.*` from @tarab/contracts/api-refs; decisions 034, 050) and parses
 * the answer with the route's schema for the status that came back: what resolves is the contract's
 * type, checked. Failures reject with an ApiError (the server's `{ message, errors? }`, or status 0).
 */
export async function call<const Ref extends RouteRef>(
  route: Ref,
  ...args: RouteCallArgs<RouteOf<Ref>>
): Promise<RouteResult<RouteOf<Ref>>> {
  const options = (args[0] ?? {}) as CallOptions;
  const url = `${pathOf(route, options.params)}${toQueryString(options.query)}`;
  // The schemas load while the request is on its way.
  const spec = routeSpecOf(route);
  spec.catch(() => undefined);
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send(route.method, url, {
      query: undefined,
      body: options.body,
      signal: options.signal,
      headers: options.headers,
    });
  } finally {
    // A translated page shows an answer's texts in its language: they are here before the answer is.
    // A prerendered page being hydrated gets its answers once it is (hydration-gate.ts).
    await Promise.all([answerTextsReady(), answersReleased()]);
  }
  const { status, body } = answer;
  let schema: RouteSpec['responses'][number] | undefined;
  try {
    schema = (await spec).responses[status];
  } catch (cause) {
    throw parseNetworkError(cause);
  }
  if (schema === undefined || isRawResponse(schema)) return body as RouteResult<RouteOf<Ref>>;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError(status);
  return parsed.data as RouteResult<RouteOf<Ref>>;
}

/** GET of a JSON file whose URL the server handed out (a track's peaks under /media/): not an API route. */
export async function getJsonAt(url: string, signal?: AbortSignal): Promise<unknown> {
  const { body } = await send('GET', url, { signal });
  await answersReleased();
  return body;
}

/** The one client: `api.call(Api.catalog.album, { params: { id } })`, `api.url(Api.downloads.zip, …)`. */
export const api = { call, url: urlOf, getJsonAt };

/** What a referenced route resolves with: `ResultOf<typeof Api.catalog.album>`. */
export type ResultOf<Ref extends RouteRef> = RouteResult<RouteOf<Ref>>;
