import { defineProject } from "vitest/config";

// Unit tests for the web's client platform; no React Router plugin needed here.
export default defineProject({
  test: {
    name: "web",
    include: ["app/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["app/test/setup.ts"],
  },
});
