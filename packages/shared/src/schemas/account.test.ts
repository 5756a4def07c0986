import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dateOfBirthSchema,
  emailSchema,
  forgotPasswordSchema,
  genderSchema,
  guestSchema,
  makeAccountSchemas,
  makeDateOfBirthSchema,
  signInSchema,
  userIdSchema,
  usernameSchema,
} from "./account";

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("usernameSchema (spec §5)", () => {
  it("accepts exactly 20 characters and rejects 21", () => {
    expect(usernameSchema.safeParse("a".repeat(20)).success).toBe(true);
    expect(firstMessage(usernameSchema.safeParse("a".repeat(21)))).toBe(
      "Username must be less than 20 characters long",
    );
  });

  it("accepts exactly 3 characters and rejects 2", () => {
    expect(usernameSchema.safeParse("abc").success).toBe(true);
    expect(firstMessage(usernameSchema.safeParse("ab"))).toBe("Username must be at least 3 characters long");
  });

  it("allows letters, digits, underscores and hyphens only", () => {
    expect(usernameSchema.safeParse("Night_Owl-42").success).toBe(true);
    for (const bad of ["night owl", "owl!", "émile", "owl.42"]) {
      expect(firstMessage(usernameSchema.safeParse(bad))).toBe(
        "Username can only contain letters, numbers, underscores, and hyphens",
      );
    }
  });

  it("treats a missing value as required", () => {
    expect(firstMessage(usernameSchema.safeParse(undefined))).toBe("Username is required");
  });

  it("accepts every 3–20 character string over the allowed alphabet", () => {
    const allowed = fc.constantFrom(..."abcXYZ019_-");
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 3, maxLength: 20 }), (chars) => {
        expect(usernameSchema.safeParse(chars.join("")).success).toBe(true);
      }),
    );
  });
});

describe("emailSchema (spec §5)", () => {
  it("accepts a simple address and rejects shapes without @ or domain dot", () => {
    expect(emailSchema.safeParse("a@b.co").success).toBe(true);
    for (const bad of ["plain", "a@b", "@b.co", "a b@c.de"]) {
      expect(firstMessage(emailSchema.safeParse(bad))).toBe("Please enter a valid email address");
    }
  });

  it("forgot-password and sign-in forms use the same e-mail rules", () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: "" }))).toBe("Email is required");
    expect(forgotPasswordSchema.safeParse({ email: "a@b.co" }).success).toBe(true);
    expect(signInSchema.safeParse({ email: "a@b.co", password: "secret" }).success).toBe(true);
    expect(firstMessage(signInSchema.safeParse({ email: "a@b.co", password: "" }))).toBe(
      "Password is required",
    );
  });
});

describe("dateOfBirthSchema (spec §5 minimum age 18)", () => {
  const on = (year: number, month: number, day: number) =>
    makeDateOfBirthSchema(() => new Date(year, month - 1, day));

  it("accepts on the 18th birthday and rejects the day before", () => {
    expect(on(2025, 6, 15).safeParse("2007-06-15").success).toBe(true);
    expect(firstMessage(on(2025, 6, 14).safeParse("2007-06-15"))).toBe("You must be at least 18 years old");
  });

  it("treats a 29 February birthday as reached on 1 March in a common year", () => {
    expect(on(2022, 2, 28).safeParse("2004-02-29").success).toBe(false);
    expect(on(2022, 3, 1).safeParse("2004-02-29").success).toBe(true);
  });

  it("rejects a date in the future as under age", () => {
    expect(firstMessage(on(2025, 6, 15).safeParse("2030-01-01"))).toBe("You must be at least 18 years old");
  });

  it("reports empty, missing and impossible dates as required", () => {
    for (const bad of ["", "   ", "15/06/2000", "2001-02-29", "2000-13-01", undefined]) {
      expect(firstMessage(on(2025, 6, 15).safeParse(bad))).toBe("Date of birth is required");
    }
  });

  it("accepts an ISO date-time as a guest's dob is stored (spec §3)", () => {
    expect(on(2025, 6, 15).safeParse("2000-01-01T00:00:00.000Z").success).toBe(true);
  });

  it("the default schema reads the real clock", () => {
    expect(dateOfBirthSchema.safeParse("1990-01-01").success).toBe(true);
    expect(dateOfBirthSchema.safeParse(`${new Date().getFullYear() - 1}-01-01`).success).toBe(false);
  });
});

describe("genderSchema", () => {
  it("accepts the four options and nothing else", () => {
    for (const gender of ["male", "female", "other", "prefer-not-to-say"]) {
      expect(genderSchema.safeParse(gender).success).toBe(true);
    }
    expect(firstMessage(genderSchema.safeParse("any"))).toBe("Please select a gender option");
    expect(firstMessage(genderSchema.safeParse(undefined))).toBe("Please select a gender option");
  });
});

describe("userIdSchema (spec §5: 20–28 alphanumerics)", () => {
  const message = "Invalid user ID format. Please try again or contact support.";
  it.each([
    [19, false],
    [20, true],
    [28, true],
    [29, false],
  ])("%i characters → valid %s", (length, valid) => {
    const result = userIdSchema.safeParse("aB3".repeat(10).slice(0, length));
    expect(result.success).toBe(valid);
    if (!valid) expect(firstMessage(result)).toBe(message);
  });

  it("rejects non-alphanumerics and non-strings", () => {
    expect(firstMessage(userIdSchema.safeParse("abcdefghij-klmnopqrst"))).toBe(message);
    expect(firstMessage(userIdSchema.safeParse(123_456_789))).toBe(message);
  });
});

describe("guest and sign-up forms", () => {
  it("the guest form needs username, dob and gender", () => {
    expect(guestSchema.safeParse({ username: "owl", dob: "1999-09-09", gender: "female" }).success).toBe(
      true,
    );
  });

  it("schemas built on a fixed clock judge age on that clock", () => {
    const { guestSchema: guest2020, signUpSchema: signUp2020 } = makeAccountSchemas(
      () => new Date(2020, 0, 1),
    );
    const guest = { username: "owl", dob: "2003-01-01", gender: "male" };
    expect(guest2020.safeParse(guest).success).toBe(false);
    expect(guestSchema.safeParse(guest).success).toBe(true);
    const signUp = { ...guest, email: "o@w.l", password: "secret1" };
    expect(firstMessage(signUp2020.safeParse(signUp))).toBe("You must be at least 18 years old");
    expect(firstMessage(signUp2020.safeParse({ ...signUp, password: "12345", dob: "1990-01-01" }))).toBe(
      "Password must be at least 6 characters",
    );
  });
});
