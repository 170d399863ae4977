// The documents a newcomer navigates by: README.md's map must name every folder of each package,
// docs/decisions/README.md must index every decision record (and say which numbers were never used), and
// docs/operating.md's table of contents must match its headings.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

/** Folders that are installed or written by a build or a test run (e2e's screenshots), never committed. */
const notOnTheMap = new Set([
  "node_modules",
  "build",
  "dist",
  ".react-router",
  ".data",
  "coverage",
  "translations",
  "screenshots",
]);
const folders = (path: string) =>
  readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && !notOnTheMap.has(entry.name))
    .map((entry) => `${path}${entry.name}/`);

describe("README.md's map (Where things live)", () => {
  const readme = read("README.md");
  const section = readme.slice(readme.indexOf("## Where things live"));
  const block = section.slice(section.indexOf("```\n") + 4, section.indexOf("\n```", section.indexOf("```\n") + 4));
  // Each line names a folder (or several, "artifacts/, cache/") under the last top-level folder above it.
  const listed: string[] = [];
  let parent = "";
  for (const line of block.split("\n")) {
    const nested = line.startsWith("  ");
    const names = (line.trim().match(/^([^\s]+\/(?:, [^\s]+\/)*)/)?.[1] ?? "").split(", ").filter(Boolean);
    for (const name of names) {
      // "src/routes/" under protocol/ names protocol/src/ too.
      const parts = name.split("/").filter(Boolean);
      for (let depth = 1; depth <= parts.length; depth++) {
        const folder = `${parts.slice(0, depth).join("/")}/`;
        listed.push(nested ? `${parent}${folder}` : folder);
      }
    }
    if (!nested && names[0]) parent = names[0];
  }

  it("lists every folder at the root and at the top of each package and of its source folder", () => {
    const packages = ["protocol/", "server/", "web/", "contracts/", "e2e/"];
    const required = [
      ...folders(""),
      ...packages.flatMap((pkg) => folders(pkg)),
      ...["protocol/src/", "server/src/", "web/app/", "docs/"].flatMap((folder) => folders(folder)),
    ];
    expect(required.length).toBeGreaterThan(40);
    expect(required.filter((folder) => !listed.includes(folder))).toEqual([]);
  });

  it("lists no folder that is not there (except Hardhat's build output)", () => {
    const absent = listed.filter((folder) => !existsSync(new URL(folder, root)));
    expect(absent.filter((folder) => !["contracts/artifacts/", "contracts/cache/"].includes(folder))).toEqual([]);
  });
});

describe("docs/decisions/README.md", () => {
  const index = read("docs/decisions/README.md");
  const records = readdirSync(new URL("docs/decisions/", root)).filter((name) => /^\d{4}-.*\.md$/.test(name));

  it("lists every record in the folder with its number, title and status line, and no record that is not there", () => {
    const rows = [...index.matchAll(/^\| (\d{4}) \| \[(.+)\]\((\d{4}-[^)]+\.md)\) \| ([^|]+) \|/gm)];
    expect(rows.map((row) => row[3]).sort()).toEqual([...records].sort());
    for (const [, number, title, file, status] of rows) {
      const text = read(`docs/decisions/${file}`);
      expect(file?.startsWith(number ?? "?"), file).toBe(true);
      expect(text.split("\n")[0], file).toBe(`# ${number} ${title}`);
      expect(text.toLowerCase(), file).toContain((status ?? "?").trim().split(" ")[0]);
    }
  });

  it("says which numbers up to the newest were never used, and only those", () => {
    const used = new Set(records.map((name) => Number(name.slice(0, 4))));
    const newest = Math.max(...used);
    const gaps = Array.from({ length: newest }, (_, i) => i + 1).filter((n) => !used.has(n));
    const section = index.slice(index.indexOf("## Numbers never used"));
    const listed = [...section.matchAll(/\b(\d{4})\b/g)].map((match) => Number(match[1]));
    const listedUpToNewest = [...new Set(listed)].filter((n) => n <= newest).sort((a, b) => a - b);
    expect(listedUpToNewest).toEqual(gaps);
    expect(listed.every((n) => !used.has(n))).toBe(true);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  });
}

it("docs/operating.md's table of contents lists its ## and ### headings, in order, with working anchors", () => {
  const operating = read("docs/operating.md");
  const start = operating.indexOf("<!-- toc -->");
  const end = operating.indexOf("<!-- /toc -->");
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  const body = operating.slice(end).replace(/```[\s\S]*?```/g, "");
  const headings = [...body.matchAll(/^(##|###) (.+)$/gm)].map((match) => ({ level: match[1], text: match[2] ?? "" }));
  expect(headings.length).toBeGreaterThan(20);
  const slugs = anchors(headings.map((heading) => heading.text));
  const expected = headings.map(
    (heading, i) => `${heading.level === "##" ? "" : "  "}- [${heading.text.replaceAll("`", "")}](#${slugs[i]})`,
  );
  const toc = operating
    .slice(start + "<!-- toc -->".length, end)
    .trim()
    .split("\n");
  expect(toc).toEqual(expected);
});
