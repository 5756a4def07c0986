import type { SiteLocale } from "@heartline/shared";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { CatalogNamespace, MessageId } from "./catalogs";
import { activeLocale, i18n, isCatalogLoaded, loadCatalog, type MessageValues, translate } from "./i18n";

function subscribe(listener: () => void): () => void {
  return i18n.on("change", listener);
}

/** The active language; a component using it renders again when the language changes. */
export function useLocale(): SiteLocale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/** What `useT` returns; a helper that builds text outside a component takes it as a parameter. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t(id, values)`: the active language's message (issue #39); re-renders on a change of language. */
export function useT(): Translate {
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so memoised children re-render
  return useCallback((id: MessageId, values?: MessageValues) => translate(id, values), [locale]);
}

/**
 * Whether the active language's `namespace` is in, loading it when it is not: a component whose words
 * are in a catalog loaded after the app starts ("account") renders once it is (issue #39).
 */
export function useCatalog(namespace: CatalogNamespace): boolean {
  const isLoaded = useSyncExternalStore(
    subscribe,
    () => isCatalogLoaded(namespace),
    () => isCatalogLoaded(namespace),
  );
  useEffect(() => {
    if (!isLoaded) void loadCatalog(namespace);
  }, [isLoaded, namespace]);
  return isLoaded;
}
