/**
 * A sleep that `wake()` cuts short: a background loop (the indexer's wait for leadership, the seed reveals, the
 * reminders) sleeps between passes, and its `stop()` wakes it so it ends at once instead of after the interval.
 */
export function wakeableSleep() {
  let wake: (() => void) | null = null;
  return {
    sleep(ms: number) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    },
    wake() {
      wake?.();
    },
  };
}

/** What a background loop's body sees: whether it should go on, and a sleep its `stop()` cuts short. */
export interface LoopControl {
  running(): boolean;
  sleep(ms: number): Promise<void>;
}

/**
 * Runs `body` in the background until it returns; `stop()` tells it to end (`running()` turns false and its sleep
 * ends at once) and waits until it has.
 */
export function backgroundLoop(body: (control: LoopControl) => Promise<void>) {
  let stopped = false;
  const { sleep, wake } = wakeableSleep();
  const loop = body({ running: () => !stopped, sleep });
  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
