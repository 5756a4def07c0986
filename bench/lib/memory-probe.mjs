// B4's memory reading in a baseline server, as Heartline's main.ts does it when HEARTLINE_BENCH_MEMORY=1:
// started as the bench's child with an IPC channel and `--expose-gc`, the server answers the message
// `"memory"` with `process.memoryUsage()` read after a full GC. No HTTP route.
export function answerMemoryProbes() {
  if (!process.send) return;
  process.on("message", (message) => {
    if (message !== "memory") return;
    globalThis.gc?.();
    process.send?.({ memory: process.memoryUsage(), gc: typeof globalThis.gc === "function" });
  });
}
