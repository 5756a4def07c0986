import type { SiteLocale } from "@heartline/shared";
import { useCallback, useSyncExternalStore } from "react";
import type { MessageId } from "./catalogs";
import { activeLocale, i18n, type MessageValues, translate } from "./i18n";

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
