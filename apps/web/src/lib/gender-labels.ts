import { GENDERS, type Gender } from "@heartline/shared";

/** How each gender option of spec §3 is labelled in forms. */
export const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  "prefer-not-to-say": "Prefer not to say",
};

export const GENDER_CHOICES: readonly { value: Gender; label: string }[] = GENDERS.map((value) => ({
  value,
  label: GENDER_LABELS[value],
}));
