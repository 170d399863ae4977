import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./precompress.js";

export default defineConfig({
  plugins: [reactRouter(), precompressClientBuild()],
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page shows (the layouts, the error screen, and the UI kit's parts that the
          // header and `/` use) is one script and one stylesheet, not a render-blocking request per
          // component. The rest of the UI kit is one more chunk, loaded with the first route that
          // uses it. The app-wide modals load after first paint (shell/modals/modal-host.tsx).
          groups: [
            // React, React Router and TanStack Query: one chunk that changes only with their versions.
            // Mutations and infinite queries are for routes and dialogs, so they load with those.
            {
              name: "framework",
              test: /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/query-core|@tanstack\/react-query)\/(?!.*\/(mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery)\.js$)/,
              priority: 3,
            },
            {
              name: "ui",
              test: /\/app\/(layouts|shell\/(errors|app-update)|ui\/(button|logo|sigil|card|page|page-header|toaster|toast-store))[./]/,
              priority: 2,
            },
            { name: "kit", test: /\/app\/ui\//, priority: 1 },
          ],
        },
      },
    },
  },
});
