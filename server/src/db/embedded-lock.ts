import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in an embedded database directory that names the one process holding it. */
export const lockFileName = "arcana.lock";

/** Who holds an embedded database directory, as written in its lock file. */
export interface LockHolder {
  pid: number;
  /** What the holder runs, e.g. `server/src/main.ts`, for the messages of those who find it held. */
  command: string;
  /** Where the holder shares the database over the PostgreSQL protocol, when it does. */
  socket: { host: string; port: number } | null;
}

/** The directory is held by another live process: open it through `holder.socket`, or wait. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}). ` +
        "PGlite can be opened by one process at a time; stop that process first.",
    );
    this.name = "DatabaseInUseError";
  }
}

export interface DatabaseLock {
  /** Records where the holder shares the database, for the processes that find it held. */
  recordSocket(socket: { host: string; port: number }): void;
  /** Removes the lock file (only while it is still this process's). */
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === "number" && Number.isSafeInteger(parsed.pid) && parsed.pid > 0) {
      return { pid: parsed.pid, command: String(parsed.command ?? "unknown"), socket: parsed.socket ?? null };
    }
  } catch {
    // Unreadable: treated like a lock whose holder is gone.
  }
  return { pid: 0, command: "unknown", socket: null };
}

/** Who holds `dataDir` right now; null when nobody does (no lock file, or its process is gone). */
export function currentHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, lockFileName));
  return holder && holder.pid > 0 && holder.pid !== process.pid && isAlive(holder.pid) ? holder : null;
}

function createExclusive(file: string, holder: LockHolder): boolean {
  try {
    writeFileSync(file, JSON.stringify(holder), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Takes `dataDir` for this process: creates its lock file atomically, or throws
 * `DatabaseInUseError` when a live process holds it. A lock left by a process that is gone (a
 * crash, a kill -9) is taken over; a second lock file serialises take-overs, so two processes that
 * find the same stale lock cannot both win.
 */
export function lockDatabaseDirectory(dataDir: string, command: string): DatabaseLock {
  const file = path.join(dataDir, lockFileName);
  const takeover = `${file}.takeover`;
  const mine: LockHolder = { pid: process.pid, command, socket: null };

  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file, mine)) return heldLock(file, mine);
    const holder = readHolder(file);
    if (holder && holder.pid > 0 && isAlive(holder.pid)) throw new DatabaseInUseError(dataDir, holder);
    if (!createExclusive(takeover, mine)) {
      const other = readHolder(takeover);
      if (other && other.pid > 0 && isAlive(other.pid)) throw new DatabaseInUseError(dataDir, other);
      unlinkSync(takeover);
      continue;
    }
    try {
      // Under the take-over lock: the lock file is still the stale one we read, or already gone.
      const again = readHolder(file);
      if (again && again.pid > 0 && isAlive(again.pid)) throw new DatabaseInUseError(dataDir, again);
      if (again) unlinkSync(file);
      if (createExclusive(file, mine)) return heldLock(file, mine);
    } finally {
      unlinkSync(takeover);
    }
  }
  throw new Error(`Could not take the lock ${file}; remove it if no Arcana process is running.`);
}

function heldLock(file: string, mine: LockHolder): DatabaseLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
    process.off("exit", release);
  };
  // A process that exits without closing its database (an uncaught error) leaves no lock behind.
  process.on("exit", release);
  return {
    recordSocket(socket) {
      const temporary = `${file}.${process.pid}`;
      writeFileSync(temporary, JSON.stringify({ ...mine, socket }));
      renameSync(temporary, file);
    },
    release,
  };
}
