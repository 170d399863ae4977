import { defineConfig } from "vitest/config";

// Browser tests run two files at a time (decision 0045): each file starts its own server (on a free port, with its own
// embedded database copied from a migrated template, `src/global-setup.ts`) and its own Chromium, and may start its
// own local chain; nothing is shared between files but the build. On a 2-core machine one file at a time used 0.9 of
// them, mostly waiting for servers, chains and the browser.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["src/global-setup.ts"],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for the page to catch up with a server round trip (a bind, a credit). Vitest's default 1 s failed
    // once in CI for a Solana bind beside another file's browser; still bounded, far below the test's own timeout.
    expect: { poll: { timeout: 10_000 } },
  },
});
