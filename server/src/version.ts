import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./config.js";

/**
 * The release this server is (semver, CHANGELOG.md has a section per version): the root package.json's, which
 * `npm run build` copies into build/production/package.json, so the repository and a lean install say the same.
 */
export const version: string = (
  JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }
).version;

/**
 * The line that says the server is up: where members reach it (PUBLIC_URL when set, else the local URL of the port
 * it listens on), which release it is, and the address it listens on.
 */
export function readyLine(input: {
  siteName: string;
  /** The configured public URL; without PUBLIC_URL, config has `http://localhost:<PORT>`. */
  publicUrl: string;
  configuredPort: number;
  listening: { address: string; port: number } | string;
}): { publicUrl: string; listening: string; message: string } {
  const { listening } = input;
  const where = typeof listening === "string" ? listening : `${listening.address}:${listening.port}`;
  const port = typeof listening === "string" ? input.configuredPort : listening.port;
  const publicUrl =
    input.publicUrl === `http://localhost:${input.configuredPort}` ? `http://localhost:${port}` : input.publicUrl;
  return {
    publicUrl,
    listening: where,
    message: `${input.siteName} ${version} is ready at ${publicUrl} (listening on ${where})`,
  };
}
