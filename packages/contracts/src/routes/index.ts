import { accountRoutes, authRoutes } from './accounts.js';
import { adminRoutes } from './admin.js';
import { analyticsRoutes, ingestRoutes, statementRoutes } from './artists.js';
import { catalogRoutes, tuningRoutes } from './catalog.js';
import { cartRoutes, commerceRoutes, localPaymentRoutes } from './commerce.js';
import type { RouteSpec } from './define.js';
import { downloadRoutes, licenseRoutes } from './downloads.js';
import { healthRoutes } from './health.js';
import { libraryRoutes } from './library.js';
import { configRoutes, quoteRoutes, siteRoutes } from './site.js';

export * from './define.js';

/**
 * The route table: every HTTP route of the server, once (decision 034). Group by module; the key
 * names the route in server code (`Api.catalog.album`) and in the web client (`api.call(Api.catalog.album, …)`).
 */
export const Api = {
  health: healthRoutes,
  auth: authRoutes,
  account: accountRoutes,
  catalog: catalogRoutes,
  tuning: tuningRoutes,
  library: libraryRoutes,
  commerce: commerceRoutes,
  localPayments: localPaymentRoutes,
  cart: cartRoutes,
  downloads: downloadRoutes,
  licenses: licenseRoutes,
  analytics: analyticsRoutes,
  ingest: ingestRoutes,
  statements: statementRoutes,
  quotes: quoteRoutes,
  config: configRoutes,
  site: siteRoutes,
  admin: adminRoutes,
} as const;

/** Every route of the table, flat. */
export const allRoutes: readonly RouteSpec[] = Object.values(Api).flatMap(
  (group) => Object.values(group) as RouteSpec[],
);

/** `METHOD /path` of a route (Fastify form), the key the route audit compares. */
export const routeId = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;
