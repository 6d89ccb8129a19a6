import type { RouteDef } from '@geria/domain';

/** What the router passes to every screen: the route definition it was reached through. */
export interface ScreenProps {
  route: RouteDef;
}
