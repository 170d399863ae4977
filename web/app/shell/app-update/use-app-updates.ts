import { useEffect, useRef } from "react";
import type { Translate } from "../../i18n/use-t";
import { installChunkReloadHandler } from "../../lib/chunk-reload";
import { showToast } from "../../ui/toast-store";

/** The message the root's error screen shows when a chunk failed to load. */
export const chunkFailureMessage = "shell.chunkFailed";

const reloadAction = (t: Translate) => ({ label: t("shell.reload"), onClick: () => window.location.reload() });

/** Keeps a long-open tab in step with deployments; mounted once, from the root (which passes its translator). */
export function useAppUpdates(currentBuildId: string, translate: Translate) {
  const t = useRef(translate);
  t.current = translate;
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
          onNewBuild: () =>
            showToast({
              message: t.current("shell.newBuild"),
              action: reloadAction(t.current),
              durationMs: null,
            }),
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
        showToast({
          message: t.current(chunkFailureMessage),
          tone: "error",
          action: reloadAction(t.current),
          durationMs: null,
        }),
      ),
    [],
  );
}
