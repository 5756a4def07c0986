// The matching rules the B3 load generator verifies, as packages/shared/src/domain/gender.ts and
// matching.ts define them (plain JavaScript here: the generator runs without a TypeScript loader).

export const GENDERS = ["male", "female", "other", "prefer-not-to-say"];
export const PREFERENCES = ["male", "female", "other", "any"];

/** acceptsGender: "any" is the no-preference choice. */
export function accepts(preference, gender) {
  return preference === "any" || preference === gender;
}

export function pairKey(a, b) {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

/** mulberry32: the same choices for the same seed, so baseline and candidate face the same crowd. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Issue #39: the crowd's "Languages I speak" — a quarter give none; the others a first language by
 * these weights (roughly the site's expected audience), and often English beside it, sometimes a third.
 */
export const LANGUAGE_MIX = [
  ["en", 28],
  ["es", 14],
  ["hi", 13],
  ["pt-BR", 10],
  ["id", 10],
  ["ar", 9],
  ["fr", 8],
  ["de", 8],
];
export const NO_LANGUAGES_SHARE = 0.25;
const ALSO_ENGLISH_SHARE = 0.35;
const THIRD_LANGUAGE_SHARE = 0.1;

function drawLanguage(random) {
  const total = LANGUAGE_MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let pick = random() * total;
  for (const [code, weight] of LANGUAGE_MIX) {
    pick -= weight;
    if (pick < 0) return code;
  }
  return LANGUAGE_MIX[0][0];
}

/** One person's languages (0–3, distinct), drawn from `random`. */
export function crowdLanguages(random) {
  if (random() < NO_LANGUAGES_SHARE) return [];
  const languages = new Set([drawLanguage(random)]);
  if (random() < ALSO_ENGLISH_SHARE) languages.add("en");
  if (random() < THIRD_LANGUAGE_SHARE) languages.add(drawLanguage(random));
  return [...languages];
}

/** sharesLanguage (matching.ts): both gave languages and one is in both lists. */
export function sharesLanguage(a, b) {
  return a.length > 0 && b.length > 0 && a.some((language) => b.includes(language));
}

/**
 * What pairing blind to languages gives: among every compatible pair of the crowd where both gave
 * languages, the share that has one in common.
 */
export function randomPairingLanguageShare(people) {
  let bothGave = 0;
  let shared = 0;
  for (let i = 0; i < people.length; i += 1) {
    const a = people[i];
    if (a.languages.length === 0) continue;
    for (let j = i + 1; j < people.length; j += 1) {
      const b = people[j];
      if (b.languages.length === 0) continue;
      if (!accepts(a.preference, b.gender) || !accepts(b.preference, a.gender)) continue;
      bothGave += 1;
      if (sharesLanguage(a.languages, b.languages)) shared += 1;
    }
  }
  return bothGave > 0 ? shared / bothGave : Number.NaN;
}
