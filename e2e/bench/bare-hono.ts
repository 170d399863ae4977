// The ceiling for the HTTP figures: a Hono hello-world on @hono/node-server, started by the bench
// as its own process with the same Node and flags as the product. Prints its URL when listening.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.json({ status: "ok" }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
