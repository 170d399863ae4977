import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The files of a worker share one module cache (decision 0049): each file used to import the whole server again
    // (~3 s of a small file's 4 s), and `npm test` was CPU-bound on it. Every file builds its own app, database and
    // clock, so nothing else is shared; a file that mocks a module imports it after `vi.resetModules()`.
    isolate: false,
  },
});
