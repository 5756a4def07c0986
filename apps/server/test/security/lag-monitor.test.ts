import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { startLagMonitor } from "./lag-monitor";

describe("the fuzz suites' lag monitor", () => {
  it("sees a loop that really froze (200 ms of CPU without yielding), however busy the machine is", async () => {
    const monitor = startLagMonitor();
    await sleep(50);
    const start = process.cpuUsage();
    let spent = 0;
    while (spent < 200) {
      const used = process.cpuUsage(start);
      spent = (used.user + used.system) / 1_000;
    }
    await sleep(50);
    const report = monitor.stop();
    expect(report.maxLagMs).toBeGreaterThan(100);
    expect(report.maxBusyLagMs).toBeGreaterThan(100);
  });
});
