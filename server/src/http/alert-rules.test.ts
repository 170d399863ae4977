import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { promtool } from "../test/promtool.js";

const operating = readFileSync(new URL("../../../docs/operating.md", import.meta.url), "utf8");
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-alert-rules-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every ```yaml block of the guide, its indentation (a block inside a list item) removed. */
function yamlBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^( *)```ya?ml\s*$/.exec(lines[i] ?? "");
    if (!open) continue;
    const indent = open[1] ?? "";
    const body: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== `${indent}\`\`\``; i += 1) {
      body.push((lines[i] ?? "").startsWith(indent) ? (lines[i] ?? "").slice(indent.length) : (lines[i] ?? ""));
    }
    blocks.push(`${body.join("\n")}\n`);
  }
  return blocks;
}

it("every alert rule file of docs/operating.md is one Prometheus accepts (promtool check rules)", async () => {
  const blocks = yamlBlocks(operating);
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  for (const [index, block] of blocks.entries()) {
    expect(block).toMatch(/^groups:\n/);
    const file = path.join(scratch, `rules-${index}.yml`);
    writeFileSync(file, block);
    const checked = await promtool(["check", "rules", file]);
    expect(checked.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.code, `${checked.output}\n${block}`).toBe(0);
  }
}, 30_000);
