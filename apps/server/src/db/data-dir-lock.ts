import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { StartupError } from "../errors/startup-error";

/**
 * PGlite files may be opened by one process only (ARCHITECTURE §3); a second server on the same
 * DATA_DIR would corrupt the database. The lock file holds the owner's pid; a lock whose pid is
 * gone (crash, kill -9) is stale and taken over.
 */

const LOCK_FILE = "db.lock";
const MAX_ATTEMPTS = 3;

export class DataDirLockedError extends StartupError {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another Heartline server is already using the data directory ${dataDir} (pid ${ownerPid}). ` +
        "Stop it first, or start this one with a different DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const absoluteDir = path.resolve(dataDir);
  const file = path.join(absoluteDir, LOCK_FILE);
  mkdirSync(absoluteDir, { recursive: true });

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (tryCreate(file)) {
      let isReleased = false;
      const release = (): void => {
        if (isReleased) return;
        isReleased = true;
        releaseIfOwned(file);
      };
      return { file, release };
    }
    const ownerPid = readOwnerPid(file);
    if (ownerPid !== undefined && isProcessAlive(ownerPid)) {
      throw new DataDirLockedError(absoluteDir, ownerPid);
    }
    removeStaleLock(file);
  }
  throw new StartupError(`Could not take the lock ${file}; remove it if no Heartline server is running.`);
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    // "wx": create exclusively, so two processes can never both succeed.
    fd = openSync(file, "wx", 0o644);
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** undefined when the file vanished or holds no pid (a writer died between create and write). */
function readOwnerPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    // Signal 0 checks existence without touching the process.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === "EPERM";
  }
}

function removeStaleLock(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
}

function releaseIfOwned(file: string): void {
  if (readOwnerPid(file) === process.pid) removeStaleLock(file);
}

function errorCode(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}
