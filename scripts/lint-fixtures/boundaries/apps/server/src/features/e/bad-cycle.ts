import { f } from "../f"; // VIOLATION no-circular: e → f → e, each through the other's index.ts

export const cycle = f;
