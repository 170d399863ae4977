import { defineConfig } from "vitest/config";

// Browser tests run one file at a time: each starts a server and a Chromium on a 2-core machine.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
