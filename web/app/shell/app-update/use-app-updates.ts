import { useEffect } from "react";
import { connectionEffectiveType, fetchLatestBuildId, startBuildCheck } from "../../lib/build-check";
import { installChunkReloadHandler } from "../../lib/chunk-reload";
import { showToast } from "../../ui/toast-store";

export const newBuildMessage = "A new version of Arcana is available.";
export const chunkFailureMessage = "Part of Arcana failed to load. Check your connection, then reload.";

const reloadAction = { label: "Reload", onClick: () => window.location.reload() };

/** Keeps a long-open tab in step with deployments; mounted once, from the root. */
export function useAppUpdates(currentBuildId: string) {
  useEffect(
    () =>
      startBuildCheck({
        currentBuildId,
        fetchBuildId: () => fetchLatestBuildId(),
        effectiveType: connectionEffectiveType(navigator),
        onNewBuild: () => showToast({ message: newBuildMessage, action: reloadAction, durationMs: null }),
      }),
    [currentBuildId],
  );

  useEffect(
    () =>
      installChunkReloadHandler(window, () =>
        showToast({ message: chunkFailureMessage, tone: "error", action: reloadAction, durationMs: null }),
      ),
    [],
  );
}
