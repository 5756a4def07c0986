import { type ComponentType, createContext, type ReactNode, useContext } from "react";

/**
 * What puts a router around the parts that need one (links, the current address). In the app a router
 * is always there, so nothing is added; a prerendered public page's islands (issue #36) have none, to
 * keep the router out of the page's initial JavaScript, and provide one that loads with the part.
 */
export const RouterScopeContext = createContext<ComponentType<{ children: ReactNode }> | null>(null);

/** `children` inside a router: the app's own, or the one the islands provide (it may suspend). */
export function RouterScope({ children }: { children: ReactNode }) {
  const Scope = useContext(RouterScopeContext);
  return Scope ? <Scope>{children}</Scope> : children;
}
