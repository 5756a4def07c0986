import { describe } from "vitest";
import { describePairStoreContract } from "../../../test/random-chat/pair-store-contract";
import { MemoryPairStore } from "./memory-pair-store";

describe("MemoryPairStore", () => {
  describePairStoreContract((clock) => new MemoryPairStore({ clock }));
});
