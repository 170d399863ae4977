import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { repoRoot } from "../config.js";
import { catalogOf, type WebFrontend } from "./frontend.js";

export interface HotFrontend extends WebFrontend {
  /** Vite's own middleware (modules, HMR); calls `next` for everything else. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  close(): Promise<void>;
}

/** `npm run dev`: the web app compiled on demand by Vite, with hot reload. */
export async function createHotFrontend(): Promise<HotFrontend> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: path.join(repoRoot, "web"),
    server: { middlewareMode: true },
    appType: "custom",
  });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const handle = createRequestHandler(build, "development");
  return {
    buildId: "dev",
    assets: null,
    render: (request, context) => handle(request, context),
    catalog: async (path) => catalogOf(await build())(path),
    middleware: (req, res, next) => vite.middlewares(req, res, next),
    close: () => vite.close(),
  };
}
