import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * True while React hydrates prerendered HTML (and while prerendering it at build time), false in every
 * later render and in a page rendered by the client alone. A component whose output depends on the
 * visitor's browser (stored preferences, the OS theme) renders the prerendered value first and its
 * own right after, so hydration never finds a mismatch (issue #16, B6).
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
