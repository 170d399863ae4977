import type { ArcanaLoadContext } from "@arcana/protocol";

// The server (server/src/web/) builds this context for every request; see protocol/src/web-context.ts.
declare module "react-router" {
  interface AppLoadContext extends ArcanaLoadContext {}
}
