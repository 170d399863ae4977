// `npm run admin -- <command>`: the operator's command line (`--help` lists the commands).
import { runCli } from "./program.js";

// `npm run admin -- … | head`: a reader that stops early is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2));
