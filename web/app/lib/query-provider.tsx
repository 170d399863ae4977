import { IsRestoringProvider, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { getQueryClient } from "./query-client";
import type { queryCachePersistence } from "./query-persistence";

/**
 * TanStack Query for the whole app, with the cache kept across visits. `buildId` busts the
 * stored cache when a new build ships, since its data shapes may have changed.
 *
 * This is `PersistQueryClientProvider` with the persistence code loaded after first paint: until
 * the stored cache is restored, `useIsRestoring` is true and queries wait for it, as there.
 */
export function QueryProvider({ buildId, children }: { buildId: string; children: ReactNode }) {
  const [queryClient] = useState(getQueryClient);
  const [isRestoring, setIsRestoring] = useState(true);
  const [persistence, setPersistence] = useState<ReturnType<typeof queryCachePersistence> | null>(null);
  const restoreStarted = useRef(false);

  useEffect(() => {
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    import("./query-persistence")
      .then(async ({ queryCachePersistence }) => {
        const loaded = queryCachePersistence(queryClient, buildId, window.localStorage);
        // A stored cache that cannot be read is dropped; the queries fetch afresh.
        await loaded.restore().catch(() => undefined);
        setPersistence(loaded);
      })
      // Without its code or storage, the cache is only not kept across visits.
      .catch(() => undefined)
      .finally(() => setIsRestoring(false));
  }, [queryClient, buildId]);

  useEffect(() => persistence?.subscribe(), [persistence]);

  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
