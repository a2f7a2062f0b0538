import type { RouteObject } from 'react-router-dom';

/** Every address pattern a route table answers, parents before children (`/admin`, `/admin/my-codes`, …). */
export function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.index) return [parent];
    const own = route.path === undefined ? parent : parent === '' || route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const children = routePaths(route.children ?? [], own);
    return route.path === undefined ? children : [own, ...children];
  });
}
