/**
 * A server started by an npm script (`npm run serve`, `npm start`'s child) runs under npm, which cannot hand node its
 * own pid: a supervisor that SIGKILLs npm would otherwise leave node serving the port, an orphan nobody stops. Node
 * learns it was orphaned when its parent process id changes (it is re-parented to init or a subreaper), and stops as
 * for SIGTERM. Under a supervisor that runs node itself (docs/operating.md's systemd unit), there is nothing to watch.
 */
export function stopWhenParentExits(
  stop: (reason: string) => void,
  options: { startedByNpm: boolean; everyMs?: number },
): () => void {
  if (!options.startedByNpm) return () => {};
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop(`npm (process ${parent}), which started this server, is gone`);
  }, options.everyMs ?? 1_000);
  timer.unref();
  return () => clearInterval(timer);
}
