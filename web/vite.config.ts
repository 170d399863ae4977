import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { precompressClientBuild } from "./precompress.js";

/**
 * What the first paint of every page needs beside the framework: the root's and the default
 * layout's modules and the UI kit's parts the header and `/` show. One script and one stylesheet
 * for them, not a render-blocking request per component, and nothing that a route or a dialog
 * alone uses (the first load of `/` has a budget: server/src/web/built-frontend.test.ts).
 */
const everyPage = [
  "layouts/default",
  "layouts/site-header",
  "layouts/site-footer",
  "shell/app-update/",
  "shell/modals/modal-host",
  "ui/button",
  "ui/card",
  "ui/logo",
  "ui/page",
  "ui/sigil",
  "ui/toaster",
  "ui/toast-store",
  "lib/api-error",
  "lib/page-meta",
  "lib/query-client",
  "lib/query-provider",
  "lib/root-data",
  "lib/when-idle",
  "features/account/member-profile",
  "features/referrals/pending-referral",
  "features/referrals/referral-capture",
  "wallet-runtime/wallet-runtime-host",
].map((path) => `/app/${path}`);

/** Modules most routes use beside `everyPage`, which `/` does without. */
const routesShare = [
  "/app/ui/",
  "/app/lib/api.",
  "/app/lib/use-clock",
  "/protocol/src/calls",
  "/protocol/src/gmt-day",
  "/app/features/account/points",
  "/app/features/wallets/short-address",
  "/app/wallet-runtime/contract-errors",
  "/app/wallet-runtime/target-network",
  "/app/wallet-runtime/use-contract-write",
  "/app/wallet-runtime/wallet-errors",
  "/@tanstack/query-core/build/modern/mutationObserver",
  "/@tanstack/react-query/build/modern/useMutation",
];

/**
 * React Router publishes one build for both modes; its browser copy keeps development warnings on
 * (`ENABLE_DEV_WARNINGS`, the only difference from its unexported `dist/production`). Off in the
 * browser's production bundle, the minifier drops them: the framework chunk 114.1 -> 113.5 KB gzip.
 */
function reactRouterWithoutDevWarnings(): Plugin {
  return {
    name: "arcana:react-router-without-dev-warnings",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !id.includes("/react-router/dist/development/")) return null;
      return code.replace("var ENABLE_DEV_WARNINGS = true;", "var ENABLE_DEV_WARNINGS = false;");
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), reactRouterWithoutDevWarnings(), precompressClientBuild()],
  build: {
    sourcemap: false,
    // The precompress plugin writes the real .gz/.br files; sizing every chunk again slows each build.
    reportCompressedSize: false,
    // One stylesheet for the whole app, cached for every page: a page waits for one render-blocking
    // request instead of one per chunk (the layouts, the UI kit, the route, its shared parts), and
    // rules cascade in import order, a component's before those of the code that uses it.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app-wide modals, the account menu, the API client and the stored query cache load
          // after first paint or on demand (see where they are imported).
          groups: [
            // React, React Router and TanStack Query: one chunk that changes only with their versions.
            // Mutations and infinite queries are for routes and dialogs, so they load with those; hydration
            // is for restoring the stored cache (lib/query-persistence.ts), after first paint.
            {
              name: "framework",
              test: /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/query-core|@tanstack\/react-query)\/(?!.*\/(mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|hydration)\.js$)/,
              priority: 3,
            },
            { name: "ui", test: (id: string) => everyPage.some((path) => id.includes(path)), priority: 2 },
            // What the routes share beyond that (the rest of the UI kit, the API client and call table,
            // contract writes, mutations): one more chunk, loaded with the first route that uses it.
            { name: "shared", test: (id: string) => routesShare.some((path) => id.includes(path)), priority: 1 },
            // The daily contract's pieces, shared by /daily-tarot and the check-in dialog.
            {
              name: "daily",
              test: /\/(app\/features\/(wallets\/daily-|tarot\/use-tarot|points-history\/use-points-history)|contracts\/generated\/)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
