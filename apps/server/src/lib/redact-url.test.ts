import { describe, expect, it } from "vitest";
import { redactTokenParams, redactUrl } from "./redact-url";
import { withTimeout } from "./with-timeout";

describe("redactUrl", () => {
  it("masks the password and keeps the rest", () => {
    expect(redactUrl("postgres://heartline:s3cret@db:5432/app")).toBe("postgres://heartline:***@db:5432/app");
    expect(redactUrl("redis://cache:6379")).toBe("redis://cache:6379");
    expect(redactUrl("not a url")).toBe("(unparsable URL)");
  });
});

describe("redactTokenParams", () => {
  it("masks every query parameter named like a token, in any case or encoding, and keeps the rest", () => {
    expect(redactTokenParams("/api/auth/verify-email?token=eyJ.a.b&callbackURL=%2F%3Fverified%3D1")).toBe(
      "/api/auth/verify-email?token=***&callbackURL=%2F%3Fverified%3D1",
    );
    expect(redactTokenParams("/?resetToken=abc123")).toBe("/?resetToken=***");
    expect(redactTokenParams("/x?RESET%54OKEN=abc&a=1&token")).toBe("/x?RESET%54OKEN=***&a=1&token=***");
    expect(redactTokenParams("/api/online-count")).toBe("/api/online-count");
    expect(redactTokenParams("/search?q=tokens")).toBe("/search?q=tokens");
  });
});

describe("withTimeout", () => {
  it("passes a prompt result through and rejects a slow one", async () => {
    await expect(withTimeout(Promise.resolve(7), 50, "slow")).resolves.toBe(7);
    await expect(withTimeout(new Promise(() => undefined), 20, "too slow")).rejects.toThrow("too slow");
  });
});
