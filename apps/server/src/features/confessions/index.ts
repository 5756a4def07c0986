/** The confession wall's public entry: other features and the composition root import only this. */
export {
  type ConfessionContent,
  type ConfessionContentOptions,
  type Confessions,
  type CreateConfessionsOptions,
  createConfessionContent,
  createConfessions,
} from "./confessions";
export type { ScatteredPushOptions } from "./removal-schedule";
