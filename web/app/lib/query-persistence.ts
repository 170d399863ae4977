import { timings } from "@arcana/protocol";
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { QueryClient } from "@tanstack/react-query";
import { persistQueryClientRestore, persistQueryClientSubscribe } from "@tanstack/react-query-persist-client";

// Loaded by `QueryProvider` after first paint: keeping the cache across visits is no part of it.

export const queryCacheStorageKey = "arcana:query-cache";

/** Keeps the query cache in localStorage; on the server there is no storage and it does nothing. */
export function createQueryPersister(storage: Storage | undefined) {
  return createSyncStoragePersister({
    storage,
    key: queryCacheStorageKey,
    throttleTime: timings.persistThrottleMs,
  });
}

export const persistOptions = { maxAge: timings.persistMaxAgeMs } as const;

/**
 * What `PersistQueryClientProvider` does for `queryClient`: `restore` puts the stored cache back
 * (unless older than a day or from another build, `buster`), `subscribe` stores it on every change
 * and returns the function that stops.
 */
export function queryCachePersistence(queryClient: QueryClient, buster: string, storage: Storage | undefined) {
  const options = { ...persistOptions, queryClient, buster, persister: createQueryPersister(storage) };
  return {
    restore: () => persistQueryClientRestore(options),
    subscribe: () => persistQueryClientSubscribe(options),
  };
}
