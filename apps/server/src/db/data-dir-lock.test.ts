import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("acquireDataDirLock", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "heartline-lock-"));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes our pid, refuses a second holder while held, and frees the directory on release", () => {
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.file, "utf8").trim()).toBe(String(process.pid));

    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `Another Heartline server is already using the data directory ${dataDir} (pid ${process.pid}). ` +
        "Stop it first, or start this one with a different DATA_DIR.",
    );

    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    const again = acquireDataDirLock(dataDir);
    // Releasing the first lock a second time must not remove the new holder's lock.
    lock.release();
    expect(existsSync(again.file)).toBe(true);
    again.release();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const file = path.join(dataDir, "db.lock");
    writeFileSync(file, `${deadPid()}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over an empty or garbled lock file", () => {
    const file = path.join(dataDir, "db.lock");
    writeFileSync(file, "");
    acquireDataDirLock(dataDir).release();
    writeFileSync(file, "not a pid");
    acquireDataDirLock(dataDir).release();
    expect(existsSync(file)).toBe(false);
  });

  it("creates a missing data directory", () => {
    const nested = path.join(dataDir, "new", "dir");
    const lock = acquireDataDirLock(nested);
    expect(existsSync(path.join(nested, "db.lock"))).toBe(true);
    lock.release();
  });
});
