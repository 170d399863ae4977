/** Runs `work` once the browser is idle (after 200 ms where it cannot tell); answers how to cancel it. */
export function whenIdle(work: () => void): () => void {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
  const cancel = window.cancelIdleCallback ?? window.clearTimeout;
  const handle = idle(work);
  return () => cancel(handle);
}
