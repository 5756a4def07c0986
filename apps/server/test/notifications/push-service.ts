import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PushSubscriptionInput } from "@heartline/shared";

/** One request the test's push service received, decrypted with the subscription's own keys. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The RFC 8291 plaintext. */
  plaintext: string;
  /** The VAPID JWT's claims, once its ES256 signature checked out against the `k` key. */
  jwt: { aud: string; exp: number; sub: string };
  /** The `k` of `Authorization: vapid t=…, k=…` (the application server key). */
  vapidKey: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the aes128gcm body decrypted by the user agent's keys. */
export function decryptAes128gcm(
  body: Buffer,
  keys: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const clientPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    clientPublic,
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(keys.auth, ecdhSecret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\u0001")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\u0001")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT's ES256 signature is checked with `k`. */
function verifyVapid(header: string | undefined): { jwt: ReceivedPush["jwt"]; vapidKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token = "", vapidKey = ""] = match;
  const [head = "", claims = "", signature = ""] = token.split(".");
  const raw = Buffer.from(vapidKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const alg = JSON.parse(Buffer.from(head, "base64url").toString()).alg;
  if (alg !== "ES256") throw new Error(`VAPID alg ${alg}`);
  return { jwt: JSON.parse(Buffer.from(claims, "base64url").toString()), vapidKey };
}

export interface PushService {
  /** A fresh browser subscription (its own P-256 keys and auth secret) at this service. */
  subscription(name: string): PushSubscriptionInput;
  /** The next push to `name` not yet taken (waits for it; rejects on a decryption failure). */
  next(name: string): Promise<ReceivedPush>;
  /** Requests to `name` so far, refused ones too. */
  attempts(name: string): number;
  /** Every push `name` received so far. */
  received(name: string): ReceivedPush[];
  /** The statuses to answer the next requests to `name` with (default 201). */
  answer(name: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

/** A push service on loopback, run by the test: it decrypts and checks what the server sends. */
export async function startPushService(): Promise<PushService> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const pushes = new Map<string, ReceivedPush[]>();
  const answers = new Map<string, number[]>();
  const unread = new Map<string, (ReceivedPush | Error)[]>();
  const waiters = new Map<string, { resolve(push: ReceivedPush): void; reject(error: Error): void }[]>();
  const attempts = new Map<string, number>();
  const hand = (name: string, outcome: ReceivedPush | Error) => {
    const waiter = waiters.get(name)?.shift();
    if (!waiter) unread.set(name, [...(unread.get(name) ?? []), outcome]);
    else if (outcome instanceof Error) waiter.reject(outcome);
    else waiter.resolve(outcome);
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent((request.url ?? "/").slice("/push/".length));
      const status = answers.get(name)?.shift() ?? 201;
      response.writeHead(status).end();
      const subscriber = keys.get(name);
      attempts.set(name, (attempts.get(name) ?? 0) + 1);
      try {
        if (!subscriber) throw new Error(`no subscription ${name}`);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const push: ReceivedPush = {
          path: request.url ?? "",
          headers: request.headers,
          plaintext: decryptAes128gcm(Buffer.concat(chunks), subscriber),
          ...verifyVapid(request.headers.authorization),
        };
        if (status >= 300) return;
        pushes.set(name, [...(pushes.get(name) ?? []), push]);
        hand(name, push);
      } catch (error) {
        hand(name, error as Error);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    subscription(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(name, { ecdh, auth });
      return {
        endpoint: `http://127.0.0.1:${port}/push/${encodeURIComponent(name)}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    next: (name) =>
      new Promise((resolve, reject) => {
        const ready = unread.get(name)?.shift();
        if (ready instanceof Error) reject(ready);
        else if (ready) resolve(ready);
        else waiters.set(name, [...(waiters.get(name) ?? []), { resolve, reject }]);
      }),
    attempts: (name) => attempts.get(name) ?? 0,
    received: (name) => pushes.get(name) ?? [],
    answer: (name, ...statuses) => answers.set(name, [...(answers.get(name) ?? []), ...statuses]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
