import { timings } from "@arcana/protocol";

/** What browsers say when a code-split chunk of an older build is gone from the server. */
const chunkLoadErrorMessages = [
  "Failed to fetch dynamically imported module", // Chromium
  "Importing a module script failed", // Safari
  "error loading dynamically imported module", // Firefox
  "Unable to preload CSS", // Vite's preload helper
];

export function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return chunkLoadErrorMessages.some((known) => message.includes(known));
}

const storageKeyPrefix = "arcana:chunk-reload:";

export interface ChunkReloadEnvironment {
  path: string;
  storage: Pick<Storage, "getItem" | "setItem">;
  now: () => number;
  reload: () => void;
}

/**
 * Reloads the page to pick up the new build, unless this path was already reloaded for the
 * same reason in the last 10 s: then the chunk is truly missing and reloading again would loop.
 * Returns whether it reloaded.
 */
export function reloadAfterChunkError({ path, storage, now, reload }: ChunkReloadEnvironment) {
  const key = storageKeyPrefix + path;
  const lastReloadAt = Number(storage.getItem(key));
  const time = now();
  if (lastReloadAt && time - lastReloadAt < timings.chunkReloadGuardMs) return false;
  storage.setItem(key, String(time));
  reload();
  return true;
}

function browserEnvironment(): ChunkReloadEnvironment {
  return {
    path: window.location.pathname,
    storage: window.sessionStorage,
    now: Date.now,
    reload: () => window.location.reload(),
  };
}

/** Reloads for a chunk error caught by an error boundary; returns false when the guard holds. */
export function reloadForChunkError(error: unknown) {
  return isChunkLoadError(error) && reloadAfterChunkError(browserEnvironment());
}

/**
 * Listens for chunk-load failures outside React's error boundaries: Vite's preload errors and
 * unhandled dynamic-import rejections. `onGiveUp` shows the error when the guard stops a reload.
 * Returns the function that removes the listeners.
 */
export function installChunkReloadHandler(target: Window, onGiveUp: (error: unknown) => void) {
  const handlePreloadError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (reloadAfterChunkError(browserEnvironment())) {
      // Stops Vite from rethrowing into code that is about to be thrown away by the reload.
      event.preventDefault();
    } else {
      onGiveUp(error);
    }
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    if (!isChunkLoadError(event.reason)) return;
    if (!reloadAfterChunkError(browserEnvironment())) onGiveUp(event.reason);
  };
  target.addEventListener("vite:preloadError", handlePreloadError);
  target.addEventListener("unhandledrejection", handleRejection);
  return () => {
    target.removeEventListener("vite:preloadError", handlePreloadError);
    target.removeEventListener("unhandledrejection", handleRejection);
  };
}
