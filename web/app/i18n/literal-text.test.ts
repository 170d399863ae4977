import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname, "..");

/** Development-only pages and the tests' fixtures, never shown to members. */
const developmentOnly = ["features/ui-kit/", "routes/template.tsx", "test/"];

/**
 * Files whose texts are not in the catalogs yet (issue 28). The list only shrinks: a file leaves it
 * when its texts move to the catalogs, and a new file cannot join it.
 */
const notYetTranslated = new Set<string>([]);

/** JSX attributes that members read or hear. */
const readAttributes = new Set([
  "aria-label",
  "aria-description",
  "title",
  "alt",
  "placeholder",
  "label",
  "eyebrow",
  "description",
  "message",
  "hint",
  "confirmLabel",
]);
/** Object properties that end up on screen (toasts, alerts, menus). */
const readProperties = new Set(["message", "label", "title", "description"]);

const words = /\p{L}{2,}/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.(test|server)\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The literal texts a member would read in one file: JSX text, read attributes, toast and label properties. */
export function literalTexts(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && words.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && readAttributes.has(node.name.getText(sourceFile)) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer.text
        : ts.isJsxExpression(node.initializer) &&
            node.initializer.expression &&
            (ts.isStringLiteral(node.initializer.expression) ||
              ts.isNoSubstitutionTemplateLiteral(node.initializer.expression))
          ? node.initializer.expression.text
          : null;
      if (value && words.test(value)) found.push(value);
    }
    if (
      ts.isPropertyAssignment(node) &&
      readProperties.has(node.name.getText(sourceFile)) &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      / /.test(node.initializer.text) &&
      words.test(node.initializer.text)
    )
      found.push(node.initializer.text);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteral(node.expression) &&
      words.test(node.expression.text)
    )
      found.push(node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("member-facing text lives in the catalogs, not in components", () => {
  const files = sourceFiles(appDir)
    .map((file) => path.relative(appDir, file))
    .filter((file) => !developmentOnly.some((prefix) => file.startsWith(prefix)));

  it("no component writes member-facing text of its own (use t() and the catalogs)", () => {
    const offenders = files
      .filter((file) => !notYetTranslated.has(file))
      .map((file) => ({ file, texts: literalTexts(file, readFileSync(path.join(appDir, file), "utf8")) }))
      .filter(({ texts }) => texts.length > 0)
      .map(({ file, texts }) => `${file}: ${texts.slice(0, 3).join(" | ")}`);
    expect(offenders).toEqual([]);
    // CPU work, not a wait: it parses every component (~2 s on an idle core; it passed 4.5 s of vitest's 5 s default
    // with the machine's load at 14), so its bound is set for the whole tree, not for a quiet machine.
  }, 30_000);
  it("finds the text it looks for", () => {
    const source = `const a = <p title="Your points">Hello there {x}</p>; showToast({ message: "Saved it." });
      const b = <Button aria-label={t("shell.menu")}>{t("shell.menu")}</Button>; const c = <p>{"Plain words"}</p>;`;
    expect(literalTexts("x.tsx", source)).toEqual(["Your points", "Hello there", "Saved it.", "Plain words"]);
  });
  it("the list of files not yet translated names only files that still need it", () => {
    for (const file of notYetTranslated) {
      expect(files, file).toContain(file);
      expect(literalTexts(file, readFileSync(path.join(appDir, file), "utf8")), file).not.toEqual([]);
    }
  });
});
