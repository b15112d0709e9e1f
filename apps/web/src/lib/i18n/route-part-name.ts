/** A route's catalogue part's file name (decision 050): `/` → `home`, `/album/detail/:id` → `album-detail-id`, `*` → `not-found`. */
export function routePartName(routePath: string): string {
  if (routePath === '/') return 'home';
  if (routePath === '*') return 'not-found';
  return routePath
    .replace(/^\/+/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/-+$/, '');
}
