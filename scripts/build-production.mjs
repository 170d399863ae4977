// `npm run build` (last step): build/production, the folder a production machine runs, without the repository's
// workspaces and their 1.3 GB of development and browser dependencies (decision 0031). It holds
//   server/dist        the bundled server, indexer, operator CLI and migrations (scripts/build-server.mjs)
//   web/build          the web app: the browser's files as built, and its server build bundled again with esbuild so
//                      that the wallet stacks and every other pure JavaScript package are in it
//   config/            the economy (and branding, when there is one) files
//   package.json       only the packages the bundles leave as imports (WebAssembly, native, the shared React stack)
//   package-lock.json  their exact versions and hashes, taken from the repository's lockfile
//   .env.example       the settings to start from (copy it to .env there)
// `npm ci --omit=dev` in it installs those (about 50 MB); `npm run serve` there starts the server.
// Rebuilding replaces what the build wrote and keeps the rest (node_modules, .data, .env).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { externalImports, isBuiltin, packageName } from "./external-imports.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.resolve(root, process.env.PRODUCTION_DIR ?? "build/production");
const rootPackage = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

/** The React stack is shared by the server (createRequestHandler) and the web app's server build: one copy of it. */
const sharedWithServer = ["react", "react-dom", "react-router"];
/** Imported by the bundles only in development (`npm start`), never by `NODE_ENV=production`. */
const developmentOnly = ["vite", "pino-pretty"];

const started = performance.now();
for (const written of ["server", "web", "config", "package.json", "package-lock.json", ".env.example"]) {
  rmSync(path.join(out, written), { recursive: true, force: true });
}
mkdirSync(out, { recursive: true });

cpSync(path.join(root, "server/dist"), path.join(out, "server/dist"), { recursive: true });
cpSync(path.join(root, "web/build/client"), path.join(out, "web/build/client"), { recursive: true });
cpSync(path.join(root, ".env.example"), path.join(out, ".env.example"));
mkdirSync(path.join(out, "config"));
for (const file of ["economy.json", "branding.json"]) {
  if (existsSync(path.join(root, "config", file)))
    cpSync(path.join(root, "config", file), path.join(out, "config", file));
}

// The web app's server build, with what it imports from node_modules bundled in (the wallet stacks, TanStack Query,
// viem, …); code split as before, so what a page never renders on the server is never loaded. Packages that cannot
// be resolved are optional SDKs wagmi's connectors import only in a browser.
const unresolvable = new Set();
const web = await build({
  entryPoints: { index: path.join(root, "web/build/server/index.js") },
  outdir: path.join(out, "web/build/server"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  chunkNames: "assets/[name]-[hash]",
  logLevel: "warning",
  metafile: true,
  banner: {
    js: 'import { createRequire as __arcanaRequire } from "node:module"; const require = __arcanaRequire(import.meta.url);',
  },
  plugins: [
    {
      name: "shared-and-optional",
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (isBuiltin(args.path)) return undefined;
          if (sharedWithServer.includes(packageName(args.path))) return { path: args.path, external: true };
          if (args.pluginData === "probe") return undefined;
          const found = await builder.resolve(args.path, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            importer: args.importer,
            pluginData: "probe",
          });
          if (found.errors.length === 0) return found;
          unresolvable.add(packageName(args.path));
          return { path: args.path, external: true };
        });
      },
    },
  ],
});

/** Node's lookup of `name` from the lockfile entry at `from` ("server", "node_modules/a", …). */
function resolveInLock(from, name) {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!dir) return null;
    const nested = dir.lastIndexOf("/node_modules/");
    dir = nested >= 0 ? dir.slice(0, nested) : "";
  }
}

// What each bundle needs, found from where its importer's package stands (server/, web/).
const needs = [];
const serverImports = JSON.parse(readFileSync(path.join(root, "server/dist/external-imports.json"), "utf8"));
for (const [name, { optional }] of Object.entries(serverImports)) needs.push({ from: "server", name, optional });
for (const [name, { optional }] of Object.entries(externalImports(web.metafile))) {
  if (!unresolvable.has(name)) needs.push({ from: "web", name, optional });
}
const dependencies = {};
const packages = {};
const queue = [];
for (const { from, name, optional } of needs) {
  if (developmentOnly.includes(name)) continue;
  const key = resolveInLock(from, name);
  if (!key && optional) continue;
  if (!key) throw new Error(`build-production: ${name} (imported by ${from}) is not in package-lock.json`);
  const version = lock.packages[key].version;
  if (dependencies[name] && dependencies[name] !== version) {
    throw new Error(`build-production: the server and the web app use ${name} ${dependencies[name]} and ${version}`);
  }
  dependencies[name] = version;
  queue.push(key);
}
// Their own dependencies, at the place npm put them, moved out of the workspace folders (server/node_modules/x is
// node_modules/x in a folder where the server is the root package).
const seen = new Set();
while (queue.length > 0) {
  const key = queue.shift();
  if (seen.has(key)) continue;
  seen.add(key);
  const { dev, devOptional, peer, ...entry } = lock.packages[key];
  if (devOptional) entry.optional = true;
  const target = key.slice(key.indexOf("node_modules/"));
  if (packages[target] && packages[target].version !== entry.version) {
    throw new Error(`build-production: two versions of ${target} (${packages[target].version}, ${entry.version})`);
  }
  packages[target] = entry;
  const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional);
  const edges = [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !optionalPeers.some(([peerName]) => peerName === name))
      .map((name) => ({ name, optional: false })),
  ];
  for (const edge of edges) {
    const found = resolveInLock(key, edge.name);
    if (found) queue.push(found);
    else if (!edge.optional)
      throw new Error(`build-production: ${edge.name} (needed by ${key}) is not in the lockfile`);
  }
}

const manifest = {
  name: "arcana-production",
  version: rootPackage.version,
  private: true,
  type: "module",
  description: "Arcana's server as built by `npm run build`: run `npm ci --omit=dev`, then `npm run serve`.",
  engines: rootPackage.engines,
  scripts: {
    serve: "NODE_ENV=production exec node server/dist/main.js",
    "db:migrate": "node server/dist/migrate-cli.js",
    indexer: "node server/dist/indexer-main.js",
    admin: "node server/dist/admin.js",
  },
  dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
  // The repository's decisions on versions hold here too (PGlite's tools and socket lag its version: decision 0027).
  overrides: rootPackage.overrides,
};
writeFileSync(path.join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
const sortedPackages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b)));
const productionLock = {
  name: manifest.name,
  version: manifest.version,
  lockfileVersion: 3,
  requires: true,
  packages: {
    "": {
      name: manifest.name,
      version: manifest.version,
      dependencies: manifest.dependencies,
      engines: manifest.engines,
    },
    ...sortedPackages,
  },
};
writeFileSync(path.join(out, "package-lock.json"), `${JSON.stringify(productionLock, null, 2)}\n`);
console.log(
  `${path.relative(root, out)}: built in ${Math.round(performance.now() - started)} ms; ${Object.keys(dependencies).length} packages to install (${Object.keys(packages).length} with theirs): ${Object.keys(dependencies).join(", ")}`,
);
