import { createContext, useContext } from "react";

/**
 * How a part that must not need a router (issue #36: an island of a prerendered public page) goes to
 * another page on a click: in the app, the router's client-side navigation (ui/app-navigate-from-router.tsx
 * provides it); on a public page, the browser's own, a page load. Kept free of the router's module so
 * the islands' graph stays free of it too.
 */
export const AppNavigateContext = createContext<(to: string) => void>((to) => window.location.assign(to));

export function useAppNavigate(): (to: string) => void {
  return useContext(AppNavigateContext);
}
