import { ROUTES, type RouteDef } from '@geria/domain';
import { Navigate, type RouteObject } from 'react-router';
import { BareLayout } from '../layout/BareLayout.tsx';
import { Shell } from '../layout/Shell.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { screenFor } from './screens.ts';

function routeObject(route: RouteDef): RouteObject {
  const Screen = screenFor(route);
  return {
    path: route.path,
    element: (
      <RouteGuard route={route}>
        <Screen route={route} />
      </RouteGuard>
    ),
  };
}

/** The router's table, built from the domain route table: shell routes, bare routes, unknown → /. */
export function buildRoutes(): RouteObject[] {
  return [
    { element: <Shell />, children: ROUTES.filter((r) => !r.bare).map(routeObject) },
    { element: <BareLayout />, children: ROUTES.filter((r) => r.bare).map(routeObject) },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
