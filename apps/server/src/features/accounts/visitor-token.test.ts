import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createVisitorId } from "../../auth/visitor-id";
import { readVisitorToken, signVisitorToken, verifyVisitorToken } from "./visitor-token";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

describe("visitor tokens", () => {
  it("give back the id they were signed for", () => {
    const id = createVisitorId();
    const token = signVisitorToken(id, SECRET);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(verifyVisitorToken(token, SECRET)).toBe(id);
  });

  it("refuse a token signed with another secret, for another id, or altered", () => {
    const id = createVisitorId();
    const other = createVisitorId();
    const token = signVisitorToken(id, SECRET);
    const signature = token.slice(id.length + 1);
    expect(verifyVisitorToken(signVisitorToken(id, `${SECRET}-rotated`), SECRET)).toBeNull();
    expect(verifyVisitorToken(`${other}.${signature}`, SECRET)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verifyVisitorToken(`${id}.${flipped}`, SECRET)).toBeNull();
    expect(verifyVisitorToken(`${token}.extra`, SECRET)).toBeNull();
    expect(verifyVisitorToken(id, SECRET)).toBeNull();
    // A handshake claim of someone's id without the signature is worth nothing.
    expect(verifyVisitorToken(`${id}.`, SECRET)).toBeNull();
  });

  it("carry the 18+ confirmation under the signature, and old plain tokens stay unconfirmed", () => {
    const id = createVisitorId();
    const confirmed = signVisitorToken(id, SECRET, { isAdultConfirmed: true });
    expect(confirmed.startsWith(`${id}.18.`)).toBe(true);
    expect(readVisitorToken(confirmed, SECRET)).toEqual({ visitorId: id, isAdultConfirmed: true });
    expect(verifyVisitorToken(confirmed, SECRET)).toBe(id);
    const plain = signVisitorToken(id, SECRET);
    expect(readVisitorToken(plain, SECRET)).toEqual({ visitorId: id, isAdultConfirmed: false });
    // The confirmation cannot be added to a plain token or moved to another id.
    expect(readVisitorToken(`${id}.18.${plain.slice(id.length + 1)}`, SECRET)).toBeNull();
    const other = createVisitorId();
    expect(readVisitorToken(`${other}.18.${confirmed.slice(id.length + 4)}`, SECRET)).toBeNull();
    expect(readVisitorToken(`${id}.19.${confirmed.slice(id.length + 4)}`, SECRET)).toBeNull();
    expect(readVisitorToken(`${confirmed}.extra`, SECRET)).toBeNull();
  });

  it("refuse anything that is not a well-formed token, without throwing", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(verifyVisitorToken(value, SECRET)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (left, right) => {
        expect(verifyVisitorToken(`${left}.${right}`, SECRET)).toBeNull();
        expect(readVisitorToken(`${left}.18.${right}`, SECRET)).toBeNull();
      }),
    );
  });
});
