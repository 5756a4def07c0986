import { config } from "zod";

// zod 4 probes `new Function("")` to compile fast object parsers; our CSP (`script-src 'self'`)
// forbids eval, so the probe would be reported as a violation. Parsing without the JIT is plenty
// fast for forms and socket payloads in the browser.
config({ jitless: true });
