// Every installed package (node_modules, nested copies included) must accept every Node version the project
// promises: the root package.json's `engines.node` (what README.md states), checked at the lowest version of each
// of its lines (e.g. "^20.19.4 || ^22.13.0 || >=24.3.0": 20.19.4, 22.13.0, 24.3.0). npm ci warns EBADENGINE
// otherwise, and the package may use what that Node lacks. Run by `npm test` and `.ci/run`; exits 1 naming each
// package and its range.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const promise = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
/** The lowest version of each line the promise names. */
export const promisedNodeVersions = promise.split("||").map((line) => semver.minVersion(line.trim()).version);

/** The package.json of every package under a node_modules directory, nested ones too. */
function* installedPackages(nodeModules) {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const dir = path.join(nodeModules, entry.name);
    if (entry.name.startsWith("@")) {
      for (const scoped of readdirSync(dir, { withFileTypes: true })) {
        yield* packageAt(path.join(dir, scoped.name), scoped.isSymbolicLink());
      }
    } else yield* packageAt(dir, entry.isSymbolicLink());
  }
}

function* packageAt(dir, isLink) {
  const manifest = path.join(dir, "package.json");
  // Workspace links are our own packages: their engines are the root's.
  if (isLink || !existsSync(manifest)) return;
  yield { dir, manifest: JSON.parse(readFileSync(manifest, "utf8")) };
  yield* installedPackages(path.join(dir, "node_modules"));
}

export function engineProblems(nodeModulesDirs) {
  const problems = [];
  const seen = new Set();
  for (const nodeModules of nodeModulesDirs) {
    for (const { dir, manifest } of installedPackages(nodeModules)) {
      const range = typeof manifest.engines?.node === "string" ? manifest.engines.node : null;
      const key = `${manifest.name}@${manifest.version}`;
      if (!range || seen.has(key)) continue;
      seen.add(key);
      const refused = promisedNodeVersions.filter(
        (version) => !semver.satisfies(version, range, { includePrerelease: true }),
      );
      if (refused.length > 0) {
        problems.push(`${key} (${path.relative(root, dir)}) needs node "${range}": not ${refused.join(", ")}`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = ["", "protocol", "contracts", "server", "web", "e2e"].map((ws) => path.join(root, ws, "node_modules"));
  const problems = engineProblems(dirs);
  if (problems.length > 0) {
    console.error(
      `Packages that refuse a Node version package.json's engines promise ("${promise}": ${promisedNodeVersions.join(", ")}):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log(`engines: every installed package accepts Node ${promisedNodeVersions.join(", ")}`);
}
