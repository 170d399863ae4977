import { useEffect } from "react";
import { installChunkReloadHandler } from "../../lib/chunk-reload";
import { showToast } from "../../ui/toast-store";

export const newBuildMessage = "A new version of Arcana is available.";
export const chunkFailureMessage = "Part of Arcana failed to load. Check your connection, then reload.";

const reloadAction = { label: "Reload", onClick: () => window.location.reload() };

/** Keeps a long-open tab in step with deployments; mounted once, from the root. */
export function useAppUpdates(currentBuildId: string) {
  useEffect(() => {
    // The watch starts a second after load at the earliest, so its code is no part of the first load.
    let stop: (() => void) | undefined;
    let stopped = false;
    import("../../lib/build-check").then(
      ({ connectionEffectiveType, fetchLatestBuildId, startBuildCheck }) => {
        if (stopped) return;
        stop = startBuildCheck({
          currentBuildId,
          fetchBuildId: () => fetchLatestBuildId(),
          effectiveType: connectionEffectiveType(navigator),
          onNewBuild: () => showToast({ message: newBuildMessage, action: reloadAction, durationMs: null }),
        });
      },
      // Not loaded (offline, or a deployment removed it): there is nothing to watch with.
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [currentBuildId]);

  useEffect(
    () =>
      installChunkReloadHandler(window, () =>
        showToast({ message: chunkFailureMessage, tone: "error", action: reloadAction, durationMs: null }),
      ),
    [],
  );
}
