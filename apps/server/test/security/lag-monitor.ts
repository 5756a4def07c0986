import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { expect } from "vitest";

const RESOLUTION_MS = 10;

export interface LagReport {
  /** `monitorEventLoopDelay({ resolution: 10 })`: the largest delay seen, in ms. */
  maxLagMs: number;
  /**
   * The largest delay during which this process was actually running (the smaller of the wall time
   * and the CPU time this process used between two ticks): a frozen loop burns CPU, a process the OS
   * has set aside for others does not.
   */
  maxBusyLagMs: number;
  /** 1-minute load average per core when the run ended (above 1: other processes wanted the CPUs). */
  loadPerCore: number;
}

/**
 * The event-loop lag of this process (the app runs in it, through startTestApp) from now until
 * `stop()`. On a machine with spare CPU the raw lag is the bound; on an overloaded one (CI runners,
 * shared boxes) descheduling shows up as lag too, so the CPU-attributed lag is what proves that no
 * input froze the server.
 */
export function startLagMonitor(): { stop(): LagReport } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  let maxBusyLagMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const busy = Math.min(now - lastWall, (cpu.user + cpu.system) / 1_000) - RESOLUTION_MS;
    maxBusyLagMs = Math.max(maxBusyLagMs, busy);
    lastWall = now;
    lastCpu = process.cpuUsage();
  }, RESOLUTION_MS);
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
      return {
        maxLagMs: histogram.max / 1e6,
        maxBusyLagMs,
        loadPerCore: (loadavg()[0] ?? 0) / Math.max(1, cpus().length),
      };
    },
  };
}

export function describeLag(report: LagReport): string {
  return `max event-loop lag ${report.maxLagMs.toFixed(1)} ms (while running: ${report.maxBusyLagMs.toFixed(1)} ms; load per core ${report.loadPerCore.toFixed(1)})`;
}

/** The bound: no input freezes the server for 100 ms. */
export function expectNoFreeze(report: LagReport): void {
  expect(report.maxBusyLagMs, describeLag(report)).toBeLessThan(100);
  if (report.loadPerCore < 1) expect(report.maxLagMs, describeLag(report)).toBeLessThan(100);
}
