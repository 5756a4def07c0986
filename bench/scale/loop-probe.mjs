// Preloaded into each Heartline node by the multi-node check (`node --import bench/scale/loop-probe.mjs`,
// with an IPC channel and `--expose-gc`): the node's event-loop lag and memory, read by the bench over
// IPC. Only answers messages shaped `{ scaleProbe: … }`; nothing without the IPC channel; no HTTP route.
import { monitorEventLoopDelay } from "node:perf_hooks";

/** The monitor's sampling interval (ms); it records intervals between its timer's runs, so this is taken off. */
const RESOLUTION_MS = 10;

if (process.send) {
  const lag = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  lag.enable();
  const late = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  process.on("message", (message) => {
    const command = message?.scaleProbe;
    if (command === "reset") {
      lag.reset();
      process.send?.({ scaleProbe: "reset" });
    } else if (command === "lag") {
      process.send?.({
        scaleProbe: "lag",
        lag: { p50Ms: late(lag.percentile(50)), p99Ms: late(lag.percentile(99)), maxMs: late(lag.max) },
      });
    } else if (command === "memory") {
      globalThis.gc?.();
      process.send?.({
        scaleProbe: "memory",
        memory: process.memoryUsage(),
        gc: typeof globalThis.gc === "function",
      });
    }
  });
  // The IPC channel must not keep a stopping node alive.
  process.channel?.unref();
}
