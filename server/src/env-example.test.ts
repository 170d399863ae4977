import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { expect, it } from "vitest";

const root = new URL("../../", import.meta.url);

it("the .env.example an operator starts from names every variable docs/operating.md documents", () => {
  const operating = readFileSync(new URL("docs/operating.md", root), "utf8");
  const table = operating.slice(operating.indexOf("## Environment variables"), operating.indexOf("### Behind a proxy"));
  const documented = [...table.matchAll(/^\| `([A-Z_<>]+)` \|/gm)].map((match) => match[1] ?? "");
  expect(documented.length).toBeGreaterThan(30);
  const example = readFileSync(new URL(".env.example", root), "utf8");
  const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
  // `<CHAIN>_…` rows are per chain: opBNB stands for them.
  const missing = documented
    .map((variable) => variable.replace("<CHAIN>", "OPBNB"))
    .filter((variable) => !named.has(variable));
  expect(missing).toEqual([]);
});

it("the .env.example is read alike by the server and by `sh` (`set -a; . ./.env; set +a` before psql)", () => {
  const file = fileURLToPath(new URL(".env.example", root));
  const expected = parseEnv(readFileSync(file, "utf8"));
  expect(Object.keys(expected).length).toBeGreaterThan(10);
  // What sh exported, NUL-separated (a value may hold anything else).
  const exported = execFileSync("/bin/sh", ["-c", 'set -a; . "$1"; set +a; env -0', "sh", file], {
    encoding: "utf8",
    env: {},
  })
    .split("\0")
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
  const bySh = Object.fromEntries(exported.filter(([name]) => name && name in expected));
  expect(bySh).toEqual(expected);
});
