import { clean } from "../features/a/index"; // VIOLATION no-plugin-imports-feature (even through index.ts)

export const plugin = clean;
