import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // React Router 8's behaviours stay off until the Node 22 upgrade (docs/decisions/0001), but one: loaders
  // get the request as it came (no two copies per loader, a twentieth of a member page's render) and read the
  // page's address from `url`, never `request.url` (a client navigation's request is `<page>.data`).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
