import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import webPush from "web-push";
import { loadConfig } from "../config";
import { readOrCreateVapidKeys } from "./vapid-keys";

const SECRET = "0123456789abcdef0123456789abcdef";

/** Issue #40: the VAPID keys, generated into DATA_DIR or taken from the configuration. */
describe("VAPID keys", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "heartline-vapid-"));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are generated once into DATA_DIR/vapid-keys.json with mode 0600, and the same on the next start", () => {
    const first = readOrCreateVapidKeys(dataDir);
    const file = path.join(dataDir, "vapid-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
    // An uncompressed P-256 point and a 32-byte scalar, base64url.
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(readOrCreateVapidKeys(dataDir)).toEqual(first);
  });

  it("creates DATA_DIR when it does not exist yet, and replaces a file that is not keys", () => {
    const nested = path.join(dataDir, "a", "b");
    const keys = readOrCreateVapidKeys(nested);
    expect(readOrCreateVapidKeys(nested)).toEqual(keys);
    writeFileSync(path.join(nested, "vapid-keys.json"), "not json", { mode: 0o644 });
    const replaced = readOrCreateVapidKeys(nested);
    expect(replaced).not.toEqual(keys);
    expect(statSync(path.join(nested, "vapid-keys.json")).mode & 0o777).toBe(0o600);
  });

  it("come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, and are refused half set", () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...env });
    const configured = webPush.generateVAPIDKeys();
    expect(
      load({ VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey }).vapid.keys,
    ).toEqual(configured);
    expect(load({}).vapid.keys).toBeUndefined();
    const half = "VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all";
    expect(() => load({ VAPID_PUBLIC_KEY: configured.publicKey })).toThrow(half);
    expect(() => load({ VAPID_PRIVATE_KEY: configured.privateKey })).toThrow(half);
    expect(() => load({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: configured.privateKey })).toThrow(
      "VAPID_PUBLIC_KEY: must be a base64url P-256 public key",
    );
  });
});
