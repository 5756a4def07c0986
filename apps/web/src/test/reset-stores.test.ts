import { describe, expect, it } from "vitest";
import { useAuthModalStore } from "../features/accounts";
import { useTitleCountStore } from "../lib/use-document-title";
import { resetStoreCount, resetStores } from "./reset-stores";

describe("resetStores (the web tests share modules across files)", () => {
  it("finds the app's stores and puts each back to its first state", () => {
    expect(resetStoreCount()).toBeGreaterThanOrEqual(15);
    useTitleCountStore.setState({ count: 3 });
    const closed = useAuthModalStore.getState();
    useAuthModalStore.getState().openModal("sign-in");
    expect(useAuthModalStore.getState()).not.toEqual(closed);
    resetStores();
    expect(useTitleCountStore.getState().count).toBe(0);
    expect(useAuthModalStore.getState()).toEqual(closed);
  });
});
