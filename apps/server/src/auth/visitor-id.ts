import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Inside the spec's user-id range of 20–28 alphanumerics (spec §9), so clients treat both alike. */
export const VISITOR_ID_LENGTH = 24;

/** A fresh, unguessable visitor id (crypto-random, no modulo bias). */
export function createVisitorId(): string {
  let id = "";
  for (let index = 0; index < VISITOR_ID_LENGTH; index += 1) {
    id += ALPHABET[randomInt(ALPHABET.length)];
  }
  return id;
}
