import { getConfigRoute, type PublicConfig } from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";

export function registerSystemRoutes(routes: Routes, publicConfig: () => PublicConfig) {
  routes.publicRoute(getConfigRoute, (c) => c.json({ data: publicConfig() }, 200));
}
