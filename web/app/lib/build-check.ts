import { timings } from "@arcana/protocol";

export interface BuildCheckOptions {
  /** The build this page was rendered by (`config.build_id`). */
  currentBuildId: string;
  fetchBuildId: () => Promise<string | null>;
  onNewBuild: (buildId: string) => void;
  /** `navigator.connection.effectiveType`, where the browser tells it. */
  effectiveType?: string | undefined;
}

/**
 * Watches for a newer deployment: a first look about 1 s after load (skipped on slow-2g, where
 * the page's own requests matter more), then once an hour. Stops after the first new build, so
 * the member is told once. Returns the function that stops watching.
 */
export function startBuildCheck({ currentBuildId, fetchBuildId, onNewBuild, effectiveType }: BuildCheckOptions) {
  let stopped = false;
  const check = async () => {
    const latest = await fetchBuildId();
    if (stopped || !latest || latest === currentBuildId) return;
    stop();
    onNewBuild(latest);
  };
  const prefetch = effectiveType === "slow-2g" ? undefined : setTimeout(check, timings.buildPrefetchDelayMs);
  const interval = setInterval(check, timings.buildCheckIntervalMs);
  function stop() {
    stopped = true;
    clearTimeout(prefetch);
    clearInterval(interval);
  }
  return stop;
}

/** Reads `/build.json`; a failed request is not news, so it yields null. */
export async function fetchLatestBuildId(fetcher: typeof fetch = fetch) {
  try {
    const response = await fetcher("/build.json", { cache: "no-store" });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const buildId = (body as { build_id?: unknown } | null)?.build_id;
    return typeof buildId === "string" && buildId ? buildId : null;
  } catch {
    return null;
  }
}

/** `navigator.connection` is not in every browser nor in TypeScript's DOM types. */
export function connectionEffectiveType(nav: Navigator) {
  return (nav as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
}
