import { describe, expect, it } from "vitest";
import { categoryOfUrl, extraOverBaseline, mergeSummaries, summariseProfile } from "./profile-summary.mjs";

const frame = (id, functionName, url, children = []) => ({
  id,
  callFrame: { functionName, url, scriptId: String(id), lineNumber: 0, columnNumber: 0 },
  hitCount: 0,
  children,
});

/**
 * (root) → emit (socket.io) → writev (native) ; (root) → insert (pglite) ; (root) → (garbage collector);
 * (root) → (idle); samples 1 ms apart from t = 1,000 µs.
 */
const PROFILE = {
  nodes: [
    frame(1, "(root)", "", [2, 4, 5, 6]),
    frame(2, "emit", "file:///app/node_modules/socket.io/dist/broadcast-operator.js", [3]),
    frame(3, "writev", ""),
    frame(4, "query", "file:///app/node_modules/@electric-sql/pglite/dist/index.js"),
    frame(5, "(garbage collector)", ""),
    frame(6, "(idle)", ""),
  ],
  startTime: 0,
  endTime: 7_000,
  samples: [3, 3, 2, 4, 5, 6, 3],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

describe("categoryOfUrl", () => {
  it("groups libraries by what readers know them as, scoped packages included", () => {
    expect(categoryOfUrl("file:///x/node_modules/engine.io/build/socket.js")).toBe(
      "Socket.IO, Engine.IO, ws",
    );
    expect(categoryOfUrl("file:///x/node_modules/@better-auth/core/dist/db.mjs")).toBe("Better Auth");
    expect(categoryOfUrl("file:///x/node_modules/.pnpm/a/node_modules/drizzle-orm/pg-core/x.js")).toBe(
      "drizzle ORM",
    );
    expect(categoryOfUrl("file:///x/node_modules/left-pad/index.js")).toBe("left-pad");
  });

  it("tells Node's core, WebAssembly, the server's own files and code without a file apart", () => {
    expect(categoryOfUrl("node:internal/stream_base_commons")).toMatch(/^Node\.js core/);
    expect(categoryOfUrl("wasm://wasm/01234abc")).toBe("PGlite (embedded PostgreSQL)");
    expect(categoryOfUrl("file:///work/main/apps/server/src/plugins/socket.ts")).toBe("Heartline's own code");
    expect(categoryOfUrl("file:///work/main/apps/server/dist-bench/main.js")).toBe("Heartline's own code");
    expect(categoryOfUrl("file:///work/main/apps/server/distant/x.js")).toBe("other scripts");
    expect(categoryOfUrl("")).toBeUndefined();
  });
});

describe("summariseProfile", () => {
  it("charges each sample inside the windows to its code, the kernel's send apart by its writer, idle left out", () => {
    const summary = summariseProfile(PROFILE, [{ fromUs: 0, toUs: 10_000 }]);
    expect(summary.busyMs).toBe(6);
    expect(summary.idleMs).toBe(1);
    expect(summary.categories).toEqual([
      { name: "socket writes to the clients (the kernel's send)", ms: 3 },
      { name: "Socket.IO, Engine.IO, ws", ms: 1 },
      { name: "PGlite (embedded PostgreSQL)", ms: 1 },
      { name: "garbage collection", ms: 1 },
    ]);
    expect(summary.functions[0]).toEqual({
      name: "writev",
      category: "socket writes to the clients (the kernel's send)",
      ms: 3,
    });
  });

  it("keeps only the samples inside the windows", () => {
    // Samples at 1,000 … 7,000 µs: the window [2,500, 4,500) holds the third and fourth.
    const summary = summariseProfile(PROFILE, [{ fromUs: 2_500, toUs: 4_500 }]);
    expect(summary.categories).toEqual([
      { name: "Socket.IO, Engine.IO, ws", ms: 1 },
      { name: "PGlite (embedded PostgreSQL)", ms: 1 },
    ]);
  });

  it("charges Node's core to the library that called it, and to Node's core at the bottom of the stack", () => {
    const profile = {
      ...PROFILE,
      nodes: [
        frame(1, "(root)", "", [2, 5]),
        frame(2, "sendFrame", "file:///x/node_modules/ws/lib/sender.js", [3]),
        frame(3, "Writable.write", "node:internal/streams/writable", [4]),
        frame(4, "nextTick", "node:internal/process/task_queues"),
        frame(5, "processTicksAndRejections", "node:internal/process/task_queues", [6]),
        frame(6, "runMicrotasks", ""),
      ],
      samples: [3, 4, 5, 6],
      timeDeltas: [1_000, 1_000, 1_000, 1_000],
    };
    expect(summariseProfile(profile, [{ fromUs: 0, toUs: 5_000 }]).categories).toEqual([
      { name: "Socket.IO, Engine.IO, ws", ms: 2 },
      { name: "Node.js core (the event loop's own work)", ms: 2 },
    ]);
  });

  it("tells writes to Redis from writes to the clients", () => {
    const profile = {
      ...PROFILE,
      nodes: [
        frame(1, "(root)", "", [2]),
        frame(2, "write", "file:///x/node_modules/@redis/client/dist/lib/client/socket.js", [3]),
        frame(3, "Socket._writeGeneric", "node:net", [4]),
        frame(4, "writeUtf8String", ""),
      ],
      samples: [4],
      timeDeltas: [1_000],
    };
    expect(summariseProfile(profile, [{ fromUs: 0, toUs: 5_000 }]).categories).toEqual([
      { name: "socket writes to Redis (the kernel's send)", ms: 1 },
    ]);
  });

  it("charges a native function to its JavaScript caller", () => {
    const profile = {
      ...PROFILE,
      nodes: [
        frame(1, "(root)", "", [2]),
        frame(2, "insert", "file:///x/node_modules/drizzle-orm/index.js", [3]),
        frame(3, "JSONStringify", ""),
      ],
      samples: [3],
      timeDeltas: [1_000],
    };
    expect(summariseProfile(profile, [{ fromUs: 0, toUs: 5_000 }]).categories).toEqual([
      { name: "drizzle ORM", ms: 1 },
    ]);
  });
});

describe("mergeSummaries and extraOverBaseline", () => {
  it("adds two nodes' summaries, and ranks where the candidate spends more per unit", () => {
    const node = summariseProfile(PROFILE, [{ fromUs: 0, toUs: 10_000 }]);
    const both = mergeSummaries([node, node]);
    expect(both.busyMs).toBe(12);
    expect(both.categories[0]).toEqual({ name: "socket writes to the clients (the kernel's send)", ms: 6 });
    const baseline = {
      busyMs: 4,
      idleMs: 0,
      categories: [
        { name: "socket writes to the clients (the kernel's send)", ms: 3 },
        { name: "Socket.IO, Engine.IO, ws", ms: 1 },
      ],
      functions: [],
    };
    // Per unit of work: the candidate did 2 units, the baseline 1.
    const extra = extraOverBaseline(
      { summary: both, units: 2 },
      { summary: baseline, units: 1 },
      (ms, units) => ms / units,
    );
    expect(extra).toEqual([
      { name: "PGlite (embedded PostgreSQL)", candidate: 1, baseline: 0, extra: 1 },
      { name: "garbage collection", candidate: 1, baseline: 0, extra: 1 },
    ]);
  });
});
