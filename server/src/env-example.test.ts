import { readFileSync } from "node:fs";
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
