import { describe, it } from "vitest";
import { runMatchQueueModel } from "../../../test/random-chat/match-queue-model";
import { MemoryMatchQueue } from "./memory-match-queue";

describe("MemoryMatchQueue against the matching model", () => {
  it("never self-matches, never double-matches, respects preferences and exclusions, leaves no compatible pair waiting", async () => {
    await runMatchQueueModel((clock) => new MemoryMatchQueue({ clock }), { numRuns: 300 });
  });
});
