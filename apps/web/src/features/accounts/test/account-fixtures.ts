import type { AccountUser } from "@heartline/shared";

/** An ISO date `years` years before today (plus `extraDays`), in local time like the date input. */
export function yearsAgo(years: number, extraDays = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + extraDays);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function accountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: "u1234567890abcdefghij",
    email: "owl@example.com",
    username: "night_owl",
    isGuest: false,
    emailVerified: true,
    dob: "1990-05-01",
    gender: "female",
    profileImage: null,
    bannerImage: null,
    bio: null,
    isAdmin: false,
    conversionAttempts: 0,
    conversionRequestedAt: null,
    conversionCompletedAt: null,
    createdAt: 1_700_000_000_000,
    ...overrides,
  };
}
