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
 * (unless older than a day, from another build, `buildId`, or stored while the page was in another
 * language: answers carry texts in it, box names and task titles), `subscribe` stores it on every
 * change and returns the function that stops. The language is the page's `<html lang>`, read here
 * so that none of this weighs on the first load.
 */
export function queryCachePersistence(
  queryClient: QueryClient,
  buildId: string,
  storage: Storage | undefined,
  language = document.documentElement.lang,
) {
  const buster = `${buildId}/${language}`;
  const options = { ...persistOptions, queryClient, buster, persister: createQueryPersister(storage) };
  return {
    restore: () => persistQueryClientRestore(options),
    subscribe: () => persistQueryClientSubscribe(options),
  };
}
