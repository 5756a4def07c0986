import { type ReactNode, useSyncExternalStore } from "react";
import { createPath, type Location, type Navigator, Router, type To } from "react-router";

/**
 * The router of a public page's islands (issue #36): the document's own address, and navigation as the
 * browser does it. Going to another page is a full page load (that page is prerendered too, or the app's
 * shell); only a change of the query or hash on this page (a modal's link parameters leaving the address
 * bar) stays in the page, through the History API.
 */
const listeners = new Set<() => void>();
let snapshot: Location | undefined;

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  if (snapshot?.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash) {
    snapshot = { pathname, search, hash, state: null, key: "default" };
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("popstate", notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", notify);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}

function hrefOf(to: To): string {
  return typeof to === "string" ? to : createPath(to);
}

function go(to: To, replace: boolean): void {
  const url = new URL(hrefOf(to), window.location.href);
  if (url.origin === window.location.origin && url.pathname === window.location.pathname) {
    if (replace) window.history.replaceState(null, "", url);
    else window.history.pushState(null, "", url);
    notify();
    return;
  }
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}

export const documentNavigator: Navigator = {
  createHref: hrefOf,
  go: (delta) => window.history.go(delta),
  push: (to) => go(to, false),
  replace: (to) => go(to, true),
};

export function DocumentRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, readLocation, readLocation);
  return (
    <Router location={location} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
