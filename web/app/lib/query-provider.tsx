import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { type ReactNode, useState } from "react";
import { createQueryPersister, getQueryClient, persistOptions } from "./query-client";

/**
 * TanStack Query for the whole app, with the cache kept across visits. `buildId` busts the
 * stored cache when a new build ships, since its data shapes may have changed.
 */
export function QueryProvider({ buildId, children }: { buildId: string; children: ReactNode }) {
  const [queryClient] = useState(getQueryClient);
  const [persister] = useState(() =>
    createQueryPersister(typeof window === "undefined" ? undefined : window.localStorage),
  );
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={{ ...persistOptions, persister, buster: buildId }}>
      {children}
    </PersistQueryClientProvider>
  );
}
