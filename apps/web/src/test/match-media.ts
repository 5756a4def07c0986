type Listener = (event: MediaQueryListEvent) => void;

export interface FakeColorScheme {
  /** Flips the system preference and notifies every `change` listener, as a browser does. */
  setDark: (isDark: boolean) => void;
}

/**
 * A small `window.matchMedia` for jsdom (which lacks one): only `prefers-color-scheme: dark` can match;
 * every other query answers false (so `md:`-style width queries behave like a phone).
 */
export function installMatchMedia(initialDark: boolean): FakeColorScheme {
  let isDark = initialDark;
  const listeners = new Set<Listener>();
  const DARK_QUERY = "(prefers-color-scheme: dark)";

  window.matchMedia = (query: string): MediaQueryList => {
    const list: MediaQueryList = {
      media: query,
      get matches() {
        return query === DARK_QUERY && isDark;
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => {
        if (query === DARK_QUERY) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: Listener) => {
        listeners.delete(listener);
      },
      addListener: (listener: Listener) => {
        if (query === DARK_QUERY) listeners.add(listener);
      },
      removeListener: (listener: Listener) => {
        listeners.delete(listener);
      },
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    return list;
  };

  return {
    setDark(next) {
      isDark = next;
      for (const listener of listeners) listener({ matches: next, media: DARK_QUERY } as MediaQueryListEvent);
    },
  };
}
