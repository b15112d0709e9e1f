import type { Api as RouteTable } from '@tarab/contracts';
import type { HttpMethod, RouteSpec } from '@tarab/contracts/route-define';
import { loadSchemaLibrary, routeGroupLoaders } from '@tarab/contracts/route-groups';

/**
 * A route of the table by reference: `Api.catalog.album` from `@tarab/contracts/api-refs` (key, method
 * and path; decision 050). Its schemas stay in the table, whose group api-client loads with the first
 * call of that group (decision 051), so a page loads only its groups' schemas, and none before its
 * first call.
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
const loaders = routeGroupLoaders as Readonly<Record<string, (() => Promise<RouteGroup>) | undefined>>;
const routeGroups = new Map<string, Promise<RouteGroup>>();

/** A group of the route table (every schema of its routes), loaded once, when its first call is made. */
function loadRouteGroup(group: string): Promise<RouteGroup> {
  let loading = routeGroups.get(group);
  if (!loading) {
    const load = loaders[group];
    if (!load) return Promise.reject(new Error(`No group ${group} in the route table`));
    loading = Promise.all([loadSchemaLibrary(), load()]).then(([, routes]) => routes);
    routeGroups.set(group, loading);
    // A chunk that could not load (the network went away) is asked for again by the next call.
    loading.catch(() => routeGroups.delete(group));
  }
  return loading;
}

/** The schemas of a referenced route. */
export async function routeSpecOf(route: RouteRef): Promise<RouteSpec> {
  const [group = '', name = ''] = route.key.split('.');
  const spec = (await loadRouteGroup(group))[name];
  if (!spec) throw new Error(`No route ${route.key} in the route table`);
  return spec;
}
