import { describe, expect, it } from "vitest";
import { isDuplicateMessage } from "./duplicate-message";

const base = { senderId: "a", receiverId: "b", content: "hi", timestamp: 10_000 };

describe("isDuplicateMessage (spec §5, window 5 s)", () => {
  it("drops the same content, sender and receiver within 5 s", () => {
    expect(isDuplicateMessage({ ...base, timestamp: 15_000 }, [base])).toBe(true);
    expect(isDuplicateMessage({ ...base, timestamp: 5_000 }, [base])).toBe(true);
  });

  it("keeps it after 5 s or when anything differs", () => {
    expect(isDuplicateMessage({ ...base, timestamp: 15_001 }, [base])).toBe(false);
    expect(isDuplicateMessage({ ...base, content: "hi!" }, [base])).toBe(false);
    expect(isDuplicateMessage({ ...base, senderId: "c" }, [base])).toBe(false);
    expect(isDuplicateMessage({ ...base, receiverId: "c" }, [base])).toBe(false);
    expect(isDuplicateMessage(base, [])).toBe(false);
  });
});
