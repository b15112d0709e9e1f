import type { FastifyInstance } from 'fastify';
import { allRoutes, ApiPaths, routeId } from '@tarab/contracts';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server registered (method and path), for the route-table audit test. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Routes that plugins register for themselves: Swagger UI, CORS preflights. */
const isPluginRoute = (route: RegisteredRoute) => route.method === 'OPTIONS' || route.url.startsWith(ApiPaths.docs);
/** What the route table names: the API, media, robots.txt and the sitemap. The rest are the web build's files. */
const isTableSpace = (url: string) =>
  url === '/api' ||
  url.startsWith('/api/') ||
  url.startsWith('/media/') ||
  url === '/robots.txt' ||
  url === '/sitemap.xml';

/**
 * The registered routes that the route table (`Api` in packages/contracts) does not hold: a route
 * written the old way (`app.get('/api/…')`) shows up here. Fastify's automatic HEAD of a GET is
 * the GET's. Decision 034.
 */
export function routesMissingFromTable(registered: readonly RegisteredRoute[]): RegisteredRoute[] {
  const table = new Set(
    allRoutes.flatMap((r) => [routeId(r), ...(r.head || r.method === 'GET' ? [`HEAD ${r.path}`] : [])]),
  );
  return registered.filter(
    (route) => !isPluginRoute(route) && isTableSpace(route.url) && !table.has(`${route.method} ${route.url}`),
  );
}

/** Records every route as it is registered (before the plugins that register routes). */
export function recordRoutes(app: FastifyInstance): void {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });
}
