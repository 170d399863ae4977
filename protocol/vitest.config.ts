import { defineProject } from "vitest/config";

// Pure functions: the files of a worker share one module cache (decision 0049).
export default defineProject({ test: { name: "protocol", include: ["src/**/*.test.ts"], isolate: false } });
