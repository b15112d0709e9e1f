import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ErrorBody,
  isRawResponse,
  urlOf,
  type RouteBodyInput,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteResult,
  type RouteSpec,
} from '@tarab/contracts';
import { z } from 'zod/mini';

/** The one error shape, with nothing else in it: a field the contract does not name fails the test. */
const StrictErrorBody = z.strictObject(ErrorBody.shape);

/** What a test sends to a route: the route's own parameters, query and body types. */
export type RouteRequest<R extends RouteSpec> = {
  params?: RouteParamsInput<R>;
  query?: RouteQueryInput<R>;
  /** A JSON body (typed as the route reads it; `payload` sends anything else, e.g. a hostile body). */
  body?: RouteBodyInput<R>;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

/** A route's answer: the JSON of a success parsed with the route's schema for its status, or an error body. */
export type RouteAnswer<R extends RouteSpec> = {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The raw answer (bytes, cookies, stream). */
  response: LightMyRequestResponse;
  /** The success JSON, parsed with the route's schema for the status (throws on an error status). */
  readonly json: RouteResult<R>;
  /** The error body (`ErrorBody`, decision 062), parsed strictly: an extra field fails (throws on a success status). */
  readonly error: ErrorBody;
};

/**
 * Calls a route of the table (`Api.catalog.track`) on the app in-process: the URL comes from the
 * route and its parameters, never from a path literal, and the answer is read with the route's own
 * schema for the status that came back, so a changed route or answer fails the test that uses it.
 */
export async function callRoute<const R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  request: RouteRequest<R> = {},
): Promise<RouteAnswer<R>> {
  const headers: Record<string, string> = { ...request.headers };
  let payload: string | Buffer | undefined = request.payload;
  if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({
    method: route.method,
    url: urlOf(route, { params: request.params, query: request.query } as never),
    headers,
    ...(request.cookies ? { cookies: request.cookies } : {}),
    ...(payload === undefined ? {} : { payload }),
  });
  const { statusCode: status } = response;
  return {
    status,
    headers: response.headers,
    response,
    get json(): RouteResult<R> {
      const schema = route.responses[status];
      if (schema === undefined || isRawResponse(schema)) {
        throw new Error(`${route.method} ${route.path} answered ${status}, which has no JSON schema: ${response.body}`);
      }
      const parsed = schema['~standard'].validate(response.json());
      if (parsed instanceof Promise) throw new Error('async schemas are not used in the route table');
      if (parsed.issues) {
        throw new Error(
          `${route.method} ${route.path} ${status} does not fit its schema: ${JSON.stringify(parsed.issues)}`,
        );
      }
      return parsed.value as RouteResult<R>;
    },
    get error(): ErrorBody {
      if (status < 400) throw new Error(`${route.method} ${route.path} answered ${status}, not an error`);
      return StrictErrorBody.parse(response.json());
    },
  };
}
