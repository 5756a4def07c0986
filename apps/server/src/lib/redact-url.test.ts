import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";
import { withTimeout } from "./with-timeout";

describe("redactUrl", () => {
  it("masks the password and keeps the rest", () => {
    expect(redactUrl("postgres://heartline:s3cret@db:5432/app")).toBe("postgres://heartline:***@db:5432/app");
    expect(redactUrl("redis://cache:6379")).toBe("redis://cache:6379");
    expect(redactUrl("not a url")).toBe("(unparsable URL)");
  });
});

describe("withTimeout", () => {
  it("passes a prompt result through and rejects a slow one", async () => {
    await expect(withTimeout(Promise.resolve(7), 50, "slow")).resolves.toBe(7);
    await expect(withTimeout(new Promise(() => undefined), 20, "too slow")).rejects.toThrow("too slow");
  });
});
