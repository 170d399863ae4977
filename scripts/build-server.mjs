// `npm run build` (after the web app): the server, the indexer, the operator CLI and `db:migrate` as plain
// JavaScript in server/dist, so production runs node without tsx (no TypeScript compiled at every start).
// The workspace packages (@arcana/protocol, @arcana/contracts: TypeScript) and the pure JavaScript npm packages are
// bundled in: one file read instead of thousands of modules resolved at every start. What stays an import of
// node_modules: packages that read their own files (PGlite's WebAssembly, Scalar's page, a native module) and the
// React stack, which the built web app (web/build/server) imports too and must share with the server.
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { externalImports, packageName } from "./external-imports.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = path.join(root, "server");
const outdir = path.join(server, "dist");

const keptInNodeModules = [
  "@electric-sql/pglite",
  "@electric-sql/pglite-socket",
  "@electric-sql/pglite-tools",
  "@node-rs/argon2",
  "react",
  "react-dom",
  "react-router",
  "vite",
  "pino-pretty",
  "secp256k1",
];
const external = {
  name: "kept-in-node-modules",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      keptInNodeModules.includes(packageName(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

// Built beside server/dist and moved in only when it differs: a build that changes nothing (the reliability suite's,
// run while the browser tests' servers start from the same build in CI) leaves the files those servers read alone.
const staging = `${outdir}.building-${process.pid}`;
// Gone however this ends: moved in, unchanged, or a failed build (the exit event follows an uncaught error too).
process.on("exit", () => rmSync(staging, { recursive: true, force: true }));
const started = performance.now();
const result = await build({
  entryPoints: {
    main: path.join(server, "src/main.ts"),
    "indexer-main": path.join(server, "src/indexer-main.ts"),
    admin: path.join(server, "src/cli/main.ts"),
    "migrate-cli": path.join(server, "src/db/migrate-cli.ts"),
  },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  sourcemap: true,
  // Beside the entries: config.ts finds the repository two directories up, the client its migrations beside it.
  chunkNames: "[name]-[hash]",
  plugins: [external],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __arcanaRequire } from "node:module"; const require = __arcanaRequire(import.meta.url);',
  },
  logLevel: "warning",
  metafile: true,
});
// What the bundle still imports from node_modules, for the production install (scripts/build-production.mjs).
writeFileSync(
  path.join(staging, "external-imports.json"),
  `${JSON.stringify(externalImports(result.metafile), null, 2)}\n`,
);
// The migrations are read from beside the database client (server/dist/migrations once bundled).
cpSync(path.join(server, "src/db/migrations"), path.join(staging, "migrations"), { recursive: true });
// The API reference page's browser bundle, served from beside the server (app.ts): production needs no
// @scalar/api-reference (and its Vue stack) installed.
const scalarPackage = createRequire(path.join(server, "package.json")).resolve("@scalar/api-reference");
cpSync(path.join(path.dirname(scalarPackage), "browser/standalone.js"), path.join(staging, "scalar-standalone.js"));

/** Every file under `dir`, relative, sorted. */
function files(dir) {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return null;
  }
}
const built = files(staging);
const present = files(outdir);
const unchanged =
  present !== null &&
  present.length === built.length &&
  built.every(
    (file, i) =>
      present[i] === file && readFileSync(path.join(staging, file)).equals(readFileSync(path.join(outdir, file))),
  );
if (unchanged) {
  console.log(`server/dist: built in ${Math.round(performance.now() - started)} ms, unchanged`);
} else {
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  console.log(`server/dist: built in ${Math.round(performance.now() - started)} ms`);
}
