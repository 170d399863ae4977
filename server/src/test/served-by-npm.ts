// A server as `npm run serve` starts it (the script `exec`s node): it listens, writes its port and pid to the file
// named by its first argument, and stops the way server/src/main.ts does when npm goes away.
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { stopWhenParentExits } from "../parent-watch.js";

const server = createServer((_req, res) => res.end("serving"));
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) writeFileSync(process.argv[2] ?? "", `${address.port} ${process.pid}`);
});
stopWhenParentExits(() => server.close(() => process.exit(0)), {
  startedByNpm: process.env.npm_lifecycle_event !== undefined,
  everyMs: 100,
});
