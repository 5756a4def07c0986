/**
 * Loads the self-hosted ALTCHA widget (spec §7 human check) without anything our CSP forbids.
 * The package's main build starts its proof-of-work workers from `blob:` URLs, which `worker-src
 * 'self'` blocks; the "external" build leaves the workers to us, so they are bundled as files served
 * from our own origin, and its stylesheet ships as a CSS file instead of an injected one.
 */
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import ShaWorker from "altcha/workers/sha?worker";

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
}

const registry = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
// The algorithms altcha-lib issues without WebAssembly (scrypt and Argon2id would need 'wasm-unsafe-eval').
for (const hash of ["SHA-256", "SHA-384", "SHA-512"]) {
  registry.algorithms.set(hash, () => new ShaWorker());
  registry.algorithms.set(`PBKDF2/${hash}`, () => new Pbkdf2Worker());
}
