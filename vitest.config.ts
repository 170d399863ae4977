import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// `npm test` at the root runs every package's unit and API tests.
export default defineConfig({
  test: {
    projects: ["protocol", "server", "web"],
    // One test file per core. Vitest's default leaves a core free (cores − 1: one file at a time on the 2-core CI
    // machine, which then used 1.05 cores); the files spend much of their time waiting on PostgreSQL, timers and
    // child processes, and each has its own database (decision 0004). 2 cores: 692 s → 462 s.
    maxWorkers: availableParallelism(),
  },
});
