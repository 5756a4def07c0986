// Where a server's CPU went, from a V8 CPU profile (bench/lib/cpu-profile.mjs): each sample inside the
// windows is charged to the code it was in, grouped by what owns that code (a library, Node's core, the
// server's own files, garbage collection). A native function (a `writev`, a builtin) has no file of its
// own: it is charged to the JavaScript that called it; so is Node's core library (a stream write, an
// event emitted, a `nextTick`), charged to the library or file that called it, and to "Node.js core"
// only when nothing else is below it on the stack (the event loop's own turns).

/** Libraries grouped under one name: what a reader of the results knows them as. */
const PACKAGE_GROUPS = [
  [
    "Socket.IO, Engine.IO, ws",
    /^(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|ws|base64id|debug)$/,
  ],
  ["AutoMod's word filter (obscenity)", /^obscenity$/],
  [
    "Redis client and the streams adapter",
    /^(@redis\/.+|redis|@socket\.io\/redis-streams-adapter|@msgpack\/msgpack|notepack\.io)$/,
  ],
  ["PGlite (embedded PostgreSQL)", /^@electric-sql\/pglite$/],
  ["drizzle ORM", /^drizzle-orm$/],
  ["Better Auth", /^(better-auth|@better-auth\/.+|better-call|jose|@noble\/.+|defu|rou3|kysely)$/],
  ["PostgreSQL client (pg)", /^(pg|pg-.+|postgres-.+)$/],
  ["Fastify", /^(fastify|@fastify\/.+|find-my-way|avvio|light-my-request|fast-json-stringify)$/],
  ["zod", /^zod$/],
  ["rate limits (rate-limiter-flexible)", /^rate-limiter-flexible$/],
  ["logging (pino)", /^(pino.*|sonic-boom|thread-stream)$/],
];

export const GARBAGE_COLLECTION = "garbage collection";
/**
 * The kernel's send gets lines of its own, by whom it writes to: on one machine a write to a loopback
 * socket also pays the kernel's delivery to the reader, so it is a large share of every server here.
 */
const WRITE_FUNCTIONS = new Set(["writev", "writeBuffer", "writeUtf8String", "writeLatin1String"]);
const WRITES_BY_CALLER = new Map([
  ["Socket.IO, Engine.IO, ws", "socket writes to the clients (the kernel's send)"],
  ["Redis client and the streams adapter", "socket writes to Redis (the kernel's send)"],
  ["PostgreSQL client (pg)", "socket writes to PostgreSQL (the kernel's send)"],
]);
const OTHER_WRITES = "socket writes, other (the kernel's send)";
const NATIVE = "V8 and native code (no JavaScript caller)";
const NODE_CORE = "Node.js core (the event loop's own work)";

/** The group a script's URL belongs to, or undefined for code without a file (native, builtins). */
export function categoryOfUrl(url) {
  if (!url) return undefined;
  if (url.startsWith("wasm://")) return "PGlite (embedded PostgreSQL)";
  if (url.startsWith("node:")) return NODE_CORE;
  const nodeModules = url.lastIndexOf("/node_modules/");
  if (nodeModules >= 0) {
    const parts = url.slice(nodeModules + "/node_modules/".length).split("/");
    const name = parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
    return PACKAGE_GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? name;
  }
  // The source under tsx, or the compiled server (dist/, dist-bench/: the benchmarks run the bundle).
  if (/\/apps\/server\/(src|dist(-[a-z]+)?)\//.test(url) || url.includes("/packages/shared/")) {
    return "Heartline's own code";
  }
  if (url.includes("/bench/baselines/")) return "the baseline's own code";
  return "other scripts";
}

/**
 * Sums the samples of `profile` that fall inside `windows` ([{ fromUs, toUs }] on the profile's clock):
 * `{ busyMs, idleMs, categories: [{ name, ms }], functions: [{ name, category, ms }] }`, largest first.
 * A sample stands for the time since the previous one.
 */
export function summariseProfile(profile, windows) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const categoryCache = new Map();
  const categoryOf = (id) => {
    const cached = categoryCache.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id);
    const { functionName, url } = node.callFrame;
    let category;
    if (functionName === "(garbage collector)") category = GARBAGE_COLLECTION;
    else if (functionName === "(idle)") category = "idle";
    else if (functionName === "(program)" || functionName === "(root)") category = NATIVE;
    else if (!url && WRITE_FUNCTIONS.has(functionName)) {
      const parent = parentOf.get(id);
      category = WRITES_BY_CALLER.get(parent === undefined ? "" : categoryOf(parent)) ?? OTHER_WRITES;
    } else {
      category = categoryOfUrl(url);
      // Code without a file, and Node's core, work for whoever called them.
      if (category === undefined || category === NODE_CORE) {
        const own = category ?? NATIVE;
        const parent = parentOf.get(id);
        const inherited = parent === undefined ? own : categoryOf(parent);
        category = inherited === "idle" || inherited === NATIVE ? own : inherited;
      }
    }
    categoryCache.set(id, category);
    return category;
  };
  const inWindow = (time) => windows.some((window) => time >= window.fromUs && time < window.toUs);
  const categories = new Map();
  const functions = new Map();
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (!inWindow(time)) continue;
    const id = profile.samples[index];
    const category = categoryOf(id);
    categories.set(category, (categories.get(category) ?? 0) + delta);
    if (category === "idle") continue;
    const key = `${byId.get(id).callFrame.functionName || "(anonymous)"}\u0000${category}`;
    functions.set(key, (functions.get(key) ?? 0) + delta);
  }
  const idleUs = categories.get("idle") ?? 0;
  categories.delete("idle");
  const toMs = (us) => us / 1_000;
  const sorted = (map, shape) =>
    [...map.entries()].sort((left, right) => right[1] - left[1]).map(([key, us]) => shape(key, toMs(us)));
  return {
    busyMs: toMs([...categories.values()].reduce((sum, us) => sum + us, 0)),
    idleMs: toMs(idleUs),
    categories: sorted(categories, (name, ms) => ({ name, ms })),
    functions: sorted(functions, (key, ms) => {
      const [name, category] = key.split("\u0000");
      return { name, category, ms };
    }),
  };
}

/** Several servers' summaries as one (the two nodes of a cluster run). */
export function mergeSummaries(summaries) {
  const merge = (lists, keyOf) => {
    const totals = new Map();
    for (const list of lists) {
      for (const item of list) {
        const key = keyOf(item);
        const entry = totals.get(key) ?? { ...item, ms: 0 };
        entry.ms += item.ms;
        totals.set(key, entry);
      }
    }
    return [...totals.values()].sort((left, right) => right.ms - left.ms);
  };
  return {
    busyMs: summaries.reduce((sum, summary) => sum + summary.busyMs, 0),
    idleMs: summaries.reduce((sum, summary) => sum + summary.idleMs, 0),
    categories: merge(
      summaries.map((summary) => summary.categories),
      (item) => item.name,
    ),
    functions: merge(
      summaries.map((summary) => summary.functions),
      (item) => `${item.name}\u0000${item.category}`,
    ),
  };
}

/**
 * The categories (or, with `list: "functions"`, the functions) where the candidate spends more than the
 * baseline per unit of work (`perUnit` divides a summary's milliseconds into ms per unit), largest
 * first: `[{ name, category?, candidate, baseline, extra }]`.
 */
export function extraOverBaseline(candidate, baseline, perUnit, list = "categories") {
  const keyOf = (item) => (item.category ? `${item.name}\u0000${item.category}` : item.name);
  const baselineMs = new Map(baseline.summary[list].map((item) => [keyOf(item), item.ms]));
  return candidate.summary[list]
    .map(({ ms, ...item }) => {
      const own = perUnit(ms, candidate.units);
      const theirs = perUnit(baselineMs.get(keyOf(item)) ?? 0, baseline.units);
      return { ...item, candidate: own, baseline: theirs, extra: own - theirs };
    })
    .filter((item) => item.extra > 0)
    .sort((left, right) => right.extra - left.extra);
}
