import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installChunkReloadHandler, isChunkLoadError, reloadAfterChunkError } from "./chunk-reload";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("isChunkLoadError", () => {
  it("recognises the chunk-load failures of Chromium, Safari and Firefox", () => {
    expect(
      isChunkLoadError(
        new TypeError("Failed to fetch dynamically imported module: https://arcana.test/assets/loot-box-x.js"),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Request failed with status 500"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe("reloadAfterChunkError", () => {
  it("reloads at most once per 10 s for the same path", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const attempt = (path: string) => reloadAfterChunkError({ path, storage, now: () => now, reload });

    expect(attempt("/loot-box")).toBe(true);
    now += 9_999;
    expect(attempt("/loot-box")).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(attempt("/daily-tarot")).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);

    now += 1;
    expect(attempt("/loot-box")).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});

describe("installChunkReloadHandler", () => {
  const reload = vi.fn();
  let uninstall: () => void;
  const onGiveUp = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ now: 5_000_000 });
    sessionStorage.clear();
    reload.mockReset();
    onGiveUp.mockReset();
    vi.spyOn(window.location, "reload").mockImplementation(reload);
    uninstall = installChunkReloadHandler(window, onGiveUp);
  });

  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  function firePreloadError() {
    const event = new Event("vite:preloadError", { cancelable: true });
    Object.assign(event, { payload: new Error("Unable to preload CSS for /assets/x.css") });
    window.dispatchEvent(event);
    return event;
  }

  it("reloads on Vite's preload error and stops Vite from rethrowing it", () => {
    const event = firePreloadError();

    expect(reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it("shows the error instead of reloading again within 10 s", () => {
    firePreloadError();
    vi.advanceTimersByTime(5_000);
    const second = firePreloadError();

    expect(reload).toHaveBeenCalledOnce();
    expect(second.defaultPrevented).toBe(false);
    expect(onGiveUp).toHaveBeenCalledOnce();
  });

  it("reloads on an unhandled dynamic-import rejection, and ignores other rejections", () => {
    const reject = (reason: unknown) => {
      const event = new Event("unhandledrejection") as PromiseRejectionEvent;
      Object.assign(event, { reason });
      window.dispatchEvent(event);
    };
    reject(new Error("Request failed"));
    expect(reload).not.toHaveBeenCalled();

    reject(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"));
    expect(reload).toHaveBeenCalledOnce();
  });
});
