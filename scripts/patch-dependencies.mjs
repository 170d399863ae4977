// Runs after every `npm install` / `npm ci` (the root package's postinstall): fixes, in node_modules,
// the dependency bugs that have no released fix yet. Each patch names the exact version it was
// written for and stops the install when another version is found, so an upgrade is a deliberate
// review (the fix may have landed upstream, and the patch can go). See docs/decisions/0012.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MARK = "patched by Arcana (scripts/patch-dependencies.mjs)";

const patches = [
  {
    // porsager/postgres#1154, #1208 (open; fixes proposed in #1168, #1209). Small writes wait for a
    // setImmediate. A connection that closed with one pending kept the cancelled timer as if it were
    // still scheduled, and the unsent bytes: its next startup message was never sent, so every
    // reconnect of that connection timed out. And a write on a connection whose socket is gone (the
    // driver's own `rollback` after a transaction's connection dropped) threw from the setImmediate
    // and ended the process. Now the teardown forgets the pending write, and such a write fails its
    // query with CONNECTION_CLOSED.
    name: "postgres",
    version: "3.4.9",
    files: ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"],
    edits: [
      {
        from: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n",
        to: `  function nextWrite(fn) {
    if (!socket) { // ${MARK}
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)
`,
        count: 1,
      },
      {
        // In terminate() and closed().
        from: "    clearImmediate(nextWriteTimer)\n",
        to: `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // ${MARK}\n`,
        count: 2,
      },
    ],
  },
];

const { workspaces } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const occurrences = (text, part) => text.split(part).length - 1;

for (const patch of patches) {
  // The hoisted copy, and any a workspace keeps of its own.
  const directories = ["", ...workspaces]
    .map((workspace) => path.join(root, workspace, "node_modules", patch.name))
    .filter((directory) => existsSync(path.join(directory, "package.json")));
  for (const directory of directories) {
    const { version } = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8"));
    if (version !== patch.version) {
      console.error(
        `scripts/patch-dependencies.mjs: ${patch.name} is ${version}, the patch was written for ${patch.version}. ` +
          "Check whether the upstream fix landed, then update or remove the patch.",
      );
      process.exit(1);
    }
    for (const file of patch.files) {
      const target = path.join(directory, file);
      if (!existsSync(target)) continue;
      let text = readFileSync(target, "utf8");
      if (text.includes(MARK)) continue;
      for (const edit of patch.edits) {
        const found = occurrences(text, edit.from);
        if (found !== edit.count) {
          console.error(
            `scripts/patch-dependencies.mjs: expected ${edit.count} × ${JSON.stringify(edit.from)} in ${target}, found ${found}`,
          );
          process.exit(1);
        }
        text = text.split(edit.from).join(edit.to);
      }
      writeFileSync(target, text);
    }
  }
}
