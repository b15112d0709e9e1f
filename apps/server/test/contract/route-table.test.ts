import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ApiPaths, allRoutes, openApiPath, routeId } from '@tarab/contracts';
import { readApiRoutes, routeKey } from '../fuzz/openapi.js';
import { routesMissingFromTable } from '../../src/plugins/route-audit.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { startFakeStripe, type FakeStripe } from '../fake-stripe.js';
import { buildStripeTestApp, type StripeTestApp } from '../stripe-test-app.js';

/**
 * The route table is the only place routes are declared (decision 034): every route the server
 * registers is an entry of `Api` (packages/contracts), and every entry is registered. A route added
 * the old way (`app.get('/api/…', …)`) fails here; convert it with `route(app, Api.x.y, handler)`.
 */
describe('route table', () => {
  let local: TestApp;
  let fake: FakeStripe;
  let stripe: StripeTestApp;

  beforeAll(async () => {
    local = await buildTestApp();
    fake = await startFakeStripe();
    stripe = await buildStripeTestApp(fake);
  }, 120_000);
  afterAll(async () => {
    await local?.close();
    await stripe?.close();
    await fake?.close();
  });

  it('the server registers no route that the table does not hold (local and stripe payment drivers)', () => {
    expect(local.app.registeredRoutes).toContainEqual({ method: 'GET', url: Api.catalog.albums.path });
    expect(routesMissingFromTable(local.app.registeredRoutes)).toEqual([]);
    expect(routesMissingFromTable(stripe.app.registeredRoutes)).toEqual([]);
  });

  it('finds a route registered outside the table', () => {
    // literal: a route the table does not hold (the audit must find it).
    const outside = { method: 'POST', url: '/api/admin/tracks' };
    expect(
      routesMissingFromTable([
        { method: 'GET', url: Api.catalog.albums.path },
        { method: 'HEAD', url: Api.catalog.albums.path },
        outside,
        // The OpenAPI plugin's document, which is not an entry of the table (allowed).
        { method: 'GET', url: ApiPaths.docsJson },
        { method: 'GET', url: '/assets/index-abc.js' },
      ]),
    ).toEqual([outside]);
  });

  it('every entry of the table is served (each payment driver serves its own payment routes)', () => {
    const only = { local: routeIds(Api.localPayments), stripe: [routeId(Api.commerce.stripeWebhook)] };
    for (const route of allRoutes) {
      if (route === Api.site.pages) continue; // the web build's files and the history fallback
      const id = routeId(route);
      const url = route.path;
      const method = route.method;
      if (!only.stripe.includes(id)) expect(local.app.hasRoute({ method, url }), `${id} (local)`).toBe(true);
      if (!only.local.includes(id)) expect(stripe.app.hasRoute({ method, url }), `${id} (stripe)`).toBe(true);
    }
  });

  it('the OpenAPI document (what the fuzz suite and the authorization matrix walk) is the table: every API entry, nothing else', async () => {
    const documented = async (t: { app: TestApp['app'] }) => (await readApiRoutes(t.app)).map((r) => r.key).sort();
    const expected = (leaveOut: string[]) =>
      allRoutes
        .filter((r) => !r.hidden && !leaveOut.includes(routeId(r)))
        .map((r) => routeKey(r.method, openApiPath(r.path)))
        .sort();
    expect(await documented(local)).toEqual(expected([routeId(Api.commerce.stripeWebhook)]));
    expect(await documented(stripe)).toEqual(expected(routeIds(Api.localPayments)));
  });

  it('declares each method and path once', () => {
    const ids = allRoutes.map(routeId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

function routeIds(group: Record<string, Parameters<typeof routeId>[0]>): string[] {
  return Object.values(group).map(routeId);
}
