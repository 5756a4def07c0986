import { b } from "../b"; // allowed: another feature through its index.ts
import { z } from "./z"; // allowed: the same feature

export const clean = [b, z];
