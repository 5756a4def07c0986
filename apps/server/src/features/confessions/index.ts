/** The confession wall's public entry: other features and the composition root import only this. */
export {
  type ConfessionContent,
  type Confessions,
  type CreateConfessionsOptions,
  createConfessionContent,
  createConfessions,
} from "./confessions";
