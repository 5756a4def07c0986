import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";

/** The VAPID keys (RFC 8292) the server signs its Web Push requests with, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEYS_FILE = "vapid-keys.json";

/**
 * The keys generated on the first start of an install without `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`,
 * kept in `DATA_DIR` (like the auth secret) so subscriptions keep working across restarts. Several
 * nodes must share one pair: set both variables there.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
    if (typeof stored.publicKey === "string" && typeof stored.privateKey === "string") {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch (error) {
    if (!(error instanceof SyntaxError) && (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
