import { cycle } from "../e"; // allowed on its own: another feature through its index.ts (but it closes the cycle)

export const f = "f";
export const back = cycle;
