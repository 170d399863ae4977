// Issue 43: no double cast through `unknown` in the TypeScript of any package. Such a cast tells the compiler
// to stop checking a value's type altogether; a test double takes the narrower type its code needs (a `Pick`),
// a browser global is declared on `Window`, a fixture is built whole.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "./config.js";

/** Generated or installed code, not written here. */
const skipped = new Set(["node_modules", "build", "dist", ".react-router", "generated", "artifacts", "cache"]);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sources(full);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [full] : [];
  });
}

it("no TypeScript file of server, web, protocol, e2e, contracts or scripts casts through unknown", () => {
  const files = ["server", "web", "protocol", "e2e", "contracts", "scripts"].flatMap((pkg) =>
    sources(path.join(repoRoot, pkg)),
  );
  expect(files.length).toBeGreaterThan(300);
  const doubleCast = /\bas\s+unknown\s+as\b/;
  const found = files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) =>
        doubleCast.test(line) ? [`${path.relative(repoRoot, file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});
