// docs/languages.md's reviewer commands, run as written from the repository root.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { repoRoot } from "./config.js";

const run = promisify(execFile);

it("`npm run translations -- export <dir>` writes a PO file per language and `-- import <file.po>` reads one back", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "arcana-po-"));
  const catalog = path.join(repoRoot, "web/app/i18n/locales/ja.json");
  const before = readFileSync(catalog, "utf8");
  try {
    await run("npm", ["run", "translations", "--", "export", dir], { cwd: repoRoot });
    const po = readFileSync(path.join(dir, "ja.po"), "utf8");
    expect(po).toContain('"Language: ja\\n"');
    for (const language of ["zh-CN", "ko", "vi", "tr"])
      expect(readFileSync(path.join(dir, `${language}.po`), "utf8")).toContain("msgctxt");

    const { stdout } = await run("npm", ["run", "translations", "--", "import", path.join(dir, "ja.po")], {
      cwd: repoRoot,
    });
    expect(stdout).toContain("0 message(s) changed in web/app/i18n/locales/ja.json");
    expect(readFileSync(catalog, "utf8")).toBe(before);
  } finally {
    writeFileSync(catalog, before);
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
