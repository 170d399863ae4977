// `npm run admin -- <command>`: the operator's command line (`--help` lists the commands).
import { runCli } from "./program.js";

process.exitCode = await runCli(process.argv.slice(2));
