import {
  pathOf,
  urlOf,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteSpec,
} from '@tarab/contracts/route-define';

/**
 * Fetch stubs keyed by routes of the table (`Api` of @tarab/contracts, decision 034), so tests
 * never spell an `/api/...` path: `stubRoutes([on(Api.catalog.album, { id: 1 }, () => jsonResponse(200, …))])`.
 */

/** One request the stub saw: the URL as the app asked for it, its method, and the path without the query. */
export type StubCall = { url: string; init: RequestInit | undefined; method: string; path: string };

type Answer = (call: StubCall) => Response | Promise<Response>;

/** One stubbed route: the method and the path (parameters filled in) it answers, and how. */
export type RouteStub = { readonly method: string; readonly path: string; readonly answer: Answer };

type Params = Readonly<Record<string, string | number>>;

/** `[params, answer]` for a route with path parameters (`:id`, a trailing `*`), `[answer]` otherwise. */
type OnArgs<R extends RouteSpec> = R extends { readonly params: object }
  ? [params: RouteParamsInput<R>, answer: Answer]
  : R['path'] extends `${string}:${string}` | `${string}*`
    ? [params: Params, answer: Answer]
    : [answer: Answer];

/** Answers `route` (its own method; filled with `params` when its path has some) with `answer`. */
export function on<const R extends RouteSpec>(route: R, ...args: OnArgs<R>): RouteStub {
  const [params, answer] = (args.length === 2 ? args : [undefined, args[0]]) as [Params | undefined, Answer];
  return { method: route.method, path: pathOf(route, params), answer };
}

const keyOf = (method: string, path: string) => `${method} ${path}`;

function describeCall(input: RequestInfo | URL, init: RequestInit | undefined): StubCall {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url;
  return { url, init, method, path };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A fetch stub answering the stubbed routes by method and path (the query is not matched; a later
 * stub of the same route wins, so `[...defaults, ...overrides]` overrides); anything else gets 404.
 * `calls` records every request, in order.
 */
export function stubRoutes(stubs: readonly RouteStub[]) {
  const answers = new Map<string, Answer>();
  for (const stub of stubs) answers.set(keyOf(stub.method, stub.path), stub.answer);
  const calls: StubCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = describeCall(input, init);
    calls.push(call);
    const answer = answers.get(keyOf(call.method, call.path));
    return answer ? answer(call) : jsonResponse(404, { message: 'Not found' });
  };
  return { fetchStub, calls };
}

/**
 * Whether a recorded call asked `route`: its method, and exactly its URL (`urlOf(route, { params,
 * query })`, so a query the call carries must be given). `calls.find(callTo(Api.account.updateMe))`.
 */
export function callTo<const R extends RouteSpec>(
  route: R,
  options: { params?: RouteParamsInput<R>; query?: RouteQueryInput<R> } = {},
): (call: StubCall) => boolean {
  const url = urlOf(route, options);
  return (call) => call.method === route.method && call.url === url;
}
