/** spec §3 User.gender */
export const GENDERS = ["male", "female", "other", "prefer-not-to-say"] as const;
export type Gender = (typeof GENDERS)[number];

/** Whom a random-chat user wants to meet; "any" is the 'no preference' choice. */
export const PREFERENCES = ["male", "female", "other", "any"] as const;
export type Preference = (typeof PREFERENCES)[number];
