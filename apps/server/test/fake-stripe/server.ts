import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_VERSION, copy, newId } from './state.js';
import { parseStripeForm, StripeApiError, type FormObject } from './wire.js';

/**
 * The Stripe fake's HTTP side: a server on 127.0.0.1 that checks the secret key, reads Stripe's form
 * encoding, routes each call to the resource that answers it (customers.ts, checkout.ts, …), replays
 * idempotency keys (and refuses one reused with other parameters, 400 `idempotency_error`, as Stripe
 * does), and loses or fails chosen calls when a test asks it to.
 */

/** An endpoint: method, path pattern (its groups are the ids) and what answers it (the object, or a StripeApiError thrown). */
export type Route = [
  method: string,
  pattern: RegExp,
  handler: (match: RegExpMatchArray, params: FormObject) => unknown,
];

export interface ApiRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | undefined;
}

export async function startStripeServer(secretKey: string, routes: Route[]) {
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const losing = new Set<{ method: string; path: RegExp }>();
  const failing = new Set<{ method: string; path: RegExp; left: number }>();
  const requests: ApiRequest[] = [];

  function dispatch(method: string, path: string, params: FormObject): { status: number; body: unknown } {
    for (const [routeMethod, pattern, handler] of routes) {
      const match = method === routeMethod ? path.match(pattern) : null;
      if (!match) continue;
      try {
        return { status: 200, body: copy(handler(match, params)) };
      } catch (error) {
        if (error instanceof StripeApiError) return { status: error.status, body: error.toJSON() };
        throw error;
      }
    }
    return {
      status: 404,
      body: new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`).toJSON(),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          'stripe-version': String(req.headers['stripe-version'] ?? API_VERSION),
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.').toJSON());
      }
      const params = parseStripeForm(method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1));
      const header = req.headers['idempotency-key'];
      const key = (method === 'POST' || method === 'DELETE') && typeof header === 'string' ? header : undefined;
      requests.push({ method, path: url.pathname, params, idempotencyKey: key });
      const failure = [...failing].find((f) => f.method === method && f.path.test(url.pathname));
      if (failure) {
        if (--failure.left <= 0) failing.delete(failure);
        const error = new StripeApiError(500, 'api_error', 'An unknown error occurred (a failure the test asked for).');
        return send(500, error.toJSON(), { 'stripe-should-retry': 'false' });
      }
      const request = JSON.stringify([method, url.pathname, params]);
      const replay = key === undefined ? undefined : idempotent.get(key);
      let result: { status: number; body: unknown };
      if (replay && replay.request !== request) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`;
        result = { status: 400, body: new StripeApiError(400, 'idempotency_error', message).toJSON() };
      } else if (replay) {
        result = replay;
      } else {
        result = dispatch(method, url.pathname, params);
        if (key !== undefined) idempotent.set(key, { request, ...result });
      }
      if ([...losing].some((l) => l.method === method && l.path.test(url.pathname))) {
        req.socket.destroy();
        return;
      }
      send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every API call received, in order. */
    requests,
    loseAnswers(method: string, path: RegExp) {
      const rule = { method, path };
      losing.add(rule);
      return () => losing.delete(rule);
    },
    failRequests(method: string, path: RegExp, times = Number.POSITIVE_INFINITY) {
      const rule = { method, path, left: times };
      failing.add(rule);
      return () => failing.delete(rule);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
