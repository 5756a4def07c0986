import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { mapError, toAck } from "./error-mapping";

describe("mapError", () => {
  it("keeps an AppError's code, message and status", () => {
    expect(mapError(new AppError("forbidden", "Admins only"))).toEqual({
      status: 403,
      error: { code: "forbidden", message: "Admins only" },
      isUnexpected: false,
    });
    expect(mapError(new AppError("conflict")).error.message).toBe("This conflicts with existing data.");
    expect(mapError(new AppError("bad_request", "Too big", 413)).status).toBe(413);
  });

  it("turns a zod error into bad_request with the first issue's message", () => {
    const result = z.object({ name: z.string().min(3, "Username must be at least 3 characters") }).safeParse({
      name: "ab",
    });
    if (result.success) throw new Error("expected a failure");
    expect(mapError(result.error)).toEqual({
      status: 400,
      error: { code: "bad_request", message: "Username must be at least 3 characters" },
      isUnexpected: false,
    });
  });

  it("maps Fastify client errors by status and never leaks internals of unexpected errors", () => {
    const tooLarge = Object.assign(new Error("Request body is too large"), { statusCode: 413 });
    expect(mapError(tooLarge).error).toEqual({
      code: "bad_request",
      message: "The request body is too large.",
    });
    const limited = Object.assign(new Error("Rate limit exceeded"), { statusCode: 429 });
    expect(mapError(limited)).toMatchObject({ status: 429, error: { code: "rate_limited" } });

    const crash = new Error("connect ECONNREFUSED 10.0.0.5:5432 at /srv/app/db.ts:12");
    const mapped = mapError(crash);
    expect(mapped).toEqual({
      status: 500,
      error: { code: "internal", message: "Something went wrong. Please try again." },
      isUnexpected: true,
    });
    expect(mapError("a string").status).toBe(500);
    expect(mapError(Object.assign(new Error("x"), { statusCode: 503 })).error.code).toBe("internal");
  });
});

describe("toAck", () => {
  it("is the failed acknowledgement shape of ARCHITECTURE §5", () => {
    expect(toAck(new AppError("not_found", "No such user"))).toEqual({
      ok: false,
      error: { code: "not_found", message: "No such user" },
    });
    expect(toAck(new TypeError("undefined is not a function"))).toEqual({
      ok: false,
      error: { code: "internal", message: "Something went wrong. Please try again." },
    });
  });
});
