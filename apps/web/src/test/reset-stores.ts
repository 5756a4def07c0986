/**
 * The web project's test files share their worker's modules (vitest.config.ts, `isolate: false`), so
 * the app's module-level Zustand stores outlive a file. After every test, each store found here goes
 * back to the state it was created with; a store added under a feature's `state/` folder or in `lib/`
 * is found without being listed.
 */
interface ResettableStore {
  getInitialState: () => unknown;
  setState: (state: never, replace: true) => void;
}

const storeModules = import.meta.glob<Record<string, unknown>>(
  ["../features/*/state/*.{ts,tsx}", "../lib/*.{ts,tsx}", "!**/*.test.{ts,tsx}"],
  { eager: true },
);

function isStore(value: unknown): value is ResettableStore {
  return (
    typeof value === "function" &&
    typeof (value as Partial<ResettableStore>).getInitialState === "function" &&
    typeof (value as Partial<ResettableStore>).setState === "function"
  );
}

const stores: ResettableStore[] = Object.values(storeModules).flatMap((exports) =>
  Object.values(exports).filter(isStore),
);

export function resetStores(): void {
  for (const store of stores) store.setState(store.getInitialState() as never, true);
}

/** How many stores `resetStores` resets (its own test checks that it finds them). */
export const resetStoreCount = (): number => stores.length;
