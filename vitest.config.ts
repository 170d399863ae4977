import { defineConfig } from "vitest/config";

// `npm test` at the root runs every package's unit and API tests.
export default defineConfig({
  test: {
    projects: ["protocol", "server", "web"],
  },
});
