import type { AccountUser } from "@heartline/shared";
import { accountUser as baseAccountUser } from "../../../test/fake-account-api";

/** An ISO date `years` years before today (plus `extraDays`), in local time like the date input. */
export function yearsAgo(years: number, extraDays = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + extraDays);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The shared test account (src/test), as the accounts tests know it: night_owl. */
export function accountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return baseAccountUser({
    id: "u1234567890abcdefghij",
    email: "owl@example.com",
    username: "night_owl",
    dob: "1990-05-01",
    createdAt: 1_700_000_000_000,
    ...overrides,
  });
}
