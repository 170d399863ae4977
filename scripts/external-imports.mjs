import { builtinModules } from "node:module";

/** A specifier's package: `react-dom/server` -> `react-dom`, `@scope/name/sub` -> `@scope/name`. */
export const packageName = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

export const isBuiltin = (specifier) =>
  specifier.startsWith("node:") || builtinModules.includes(packageName(specifier));

/**
 * The packages an esbuild bundle (its metafile) leaves as imports of node_modules, each with whether it is only
 * `require()`d: esbuild leaves a `require()` it cannot resolve when a package makes it in a try/catch (an optional peer
 * such as node-fetch's `encoding`), so such a package is needed only when installed.
 */
export function externalImports(metafile) {
  const found = new Map();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageName(imported.path);
      const onlyRequired = (found.get(name) ?? true) && imported.kind === "require-call";
      found.set(name, onlyRequired);
    }
  }
  return Object.fromEntries(
    [...found].sort(([a], [b]) => a.localeCompare(b)).map(([name, optional]) => [name, { optional }]),
  );
}
