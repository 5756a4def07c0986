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
