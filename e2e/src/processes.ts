import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";

/**
 * The process groups a test run started (servers, local chains, nginx, `npm run serve`), killed whole when the run
 * ends in any way: a normal exit, a failed step's `process.exit`, an uncaught exception, SIGINT (Ctrl-C), SIGTERM or
 * SIGHUP. Each is spawned `detached`, leading a group of its own, so a grandchild (node under `npm run serve`, nginx's
 * workers) goes with it; a run that stopped halfway once left a server listening for 50 minutes under PID 1.
 */
const groups = new Set<number>();
let installed = false;

/** `spawn`, for a process the run owns: it leads a group of its own, killed whole when this process ends. */
export function spawnOwned(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  if (!installed) installCleanup();
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid) groups.add(child.pid);
  return child;
}

function killEveryGroup() {
  for (const group of groups) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  groups.clear();
}

function installCleanup() {
  installed = true;
  process.once("exit", killEveryGroup);
  // A process ended by an uncaught exception emits no "exit"; the monitor sees it before the process ends.
  process.once("uncaughtExceptionMonitor", killEveryGroup);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // Then the signal again, with this listener gone: the process ends as it would have (or as vitest handles it).
    process.once(signal, () => {
      killEveryGroup();
      process.kill(process.pid, signal);
    });
  }
}
