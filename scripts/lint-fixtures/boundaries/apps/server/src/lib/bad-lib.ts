import { clean } from "../features/a/index"; // VIOLATION no-lower-layer-imports-upward (even through index.ts)

export const lib = clean;
