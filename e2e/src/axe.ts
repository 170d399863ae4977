import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

// axe-core's own build, added to the page as a script: it sets `window.axe`.
const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

declare global {
  interface Window {
    axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * axe-core's violations of WCAG 2.x A/AA and of axe's best practices on the page as it stands, one line each
 * (rule, help, the first three elements).
 */
export async function violationsOn(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target) }));
  });
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.targets
        .slice(0, 3)
        .map((target) => JSON.stringify(target))
        .join(", ")})`,
  );
}
