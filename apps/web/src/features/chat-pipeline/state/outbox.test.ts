import { describe, expect, it } from "vitest";
import {
  addPending,
  createOutboxStore,
  markFailed,
  markRetrying,
  type OutboxEntry,
  removeEntry,
} from "./outbox";

type TextEntry = OutboxEntry<"text">;

const ID = "11111111-1111-4111-8111-111111111111";
const draft = { id: ID, content: "hello", type: "text" as const, createdAt: 5 };

describe("the chats' outbox", () => {
  it("pending → failed with the reason → retry with the same id → removed once stored", () => {
    const pending = addPending<TextEntry>([], draft);
    expect(pending).toEqual([{ ...draft, status: "pending" }]);
    const failed = markFailed(pending, ID, "You can't send messages to this user.");
    expect(failed[0]).toMatchObject({
      id: ID,
      status: "failed",
      error: "You can't send messages to this user.",
    });
    const retrying = markRetrying(failed, ID);
    expect(retrying[0]).toMatchObject({ id: ID, status: "pending", content: "hello" });
    expect(retrying[0]?.error).toBeUndefined();
    expect(removeEntry(retrying, ID)).toEqual([]);
  });

  it("adding the same id twice keeps one entry", () => {
    expect(addPending(addPending<TextEntry>([], draft), draft)).toHaveLength(1);
  });

  it("a chat's store keeps its extras (a DM's partner) through the same states", () => {
    const useOutbox = createOutboxStore<{
      id: string;
      partnerId: string;
      content: string;
      type: "text";
      createdAt: number;
      status: "pending" | "failed";
      error?: string;
      isReviewable?: boolean;
    }>();
    useOutbox.getState().add({ ...draft, partnerId: "sam" });
    useOutbox.getState().fail(ID, "Blocked by AutoMod", true);
    expect(useOutbox.getState().entries).toEqual([
      { ...draft, partnerId: "sam", status: "failed", error: "Blocked by AutoMod", isReviewable: true },
    ]);
    useOutbox.getState().retry(ID);
    expect(useOutbox.getState().entries[0]).toMatchObject({ partnerId: "sam", status: "pending" });
    useOutbox.getState().remove(ID);
    expect(useOutbox.getState().entries).toEqual([]);
  });
});
