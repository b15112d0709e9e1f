import {
  isRawResponse,
  toQueryString,
  urlOf,
  type HttpMethod,
  type RouteCallArgs,
  type RouteResult,
  type RouteSpec,
} from '@tarab/contracts/route-define';
import { parseErrorResponse, parseNetworkError, UnexpectedAnswerError } from './api-errors';

/**
 * The one HTTP client of the web app: same-origin fetch with the session cookie, JSON in and out,
 * answers parsed with the route's own schemas (`Api` of @tarab/contracts, on zod/mini: decision 064),
 * failures as ApiError (api-errors.ts).
 */
export * from './api-errors';

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

import type { QueryParams } from '@tarab/contracts/route-define';
export type { QueryParams };
export { toQueryString };

type RequestOptions = {
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
 * Calls a route of the table (`Api.catalog.album`; decision 034) and parses the answer with the
 * route's schema for the status that came back: what resolves is the contract's type, checked.
 * Failures reject with an ApiError (by its code, decision 062; status 0 without an answer).
 */
async function call<const R extends RouteSpec>(route: R, ...args: RouteCallArgs<R>): Promise<RouteResult<R>> {
  const options = (args[0] ?? {}) as CallOptions;
  const url = urlOf(route, options as never);
  const { status, body } = await send(route.method, url, options);
  const schema = route.responses[status];
  if (schema === undefined || isRawResponse(schema)) return body as RouteResult<R>;
  const parsed = schema['~standard'].validate(body);
  if (parsed instanceof Promise || parsed.issues) throw new UnexpectedAnswerError(status);
  return parsed.value as RouteResult<R>;
}

/** GET of a JSON file whose URL the server handed out (a track's peaks under /media/): not an API route. */
async function getJsonAt(url: string, signal?: AbortSignal): Promise<unknown> {
  return (await send('GET', url, { signal })).body;
}

/** The one client: `api.call(Api.catalog.album, { params: { id } })`, `api.url(Api.downloads.zip, …)`. */
export const api = { call, url: urlOf, getJsonAt };

/** What a route resolves with: `ResultOf<typeof Api.catalog.album>`. */
export type ResultOf<R extends RouteSpec> = RouteResult<R>;
