import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./config.js";

const run = promisify(execFile);
const depcruise = path.join(repoRoot, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

/** Runs the lint's dependency check (`npm run lint`) on one file; its exit code and report. */
async function checkImports(relativeFile: string) {
  try {
    const { stdout } = await run(
      process.execPath,
      [depcruise, "--config", ".dependency-cruiser.cjs", "--output-type", "err-long", relativeFile],
      { cwd: repoRoot },
    );
    return { failed: false, report: stdout.replace(/\s+/g, " ") };
  } catch (error) {
    const { code, stdout } = error as { code?: number; stdout?: string };
    if (typeof code !== "number") throw error;
    // The report wraps long messages: compare it with its whitespace collapsed.
    return { failed: true, report: (stdout ?? "").replace(/\s+/g, " ") };
  }
}

describe("the module boundaries lint", () => {
  it("fails a module that imports another module's table and says which service to call", async () => {
    const fixture = `server/src/modules/staking/boundary-fixture-${process.pid}.ts`;
    writeFileSync(
      path.join(repoRoot, fixture),
      'import { users } from "../users/schema.js";\nexport const members = users;\n',
    );
    try {
      const { failed, report } = await checkImports(fixture);
      expect(failed).toBe(true);
      expect(report).toContain("tables-of-users");
      expect(report).toContain("call modules/users/api.ts");
    } finally {
      rmSync(path.join(repoRoot, fixture), { force: true });
    }
  }, 180_000);

  it("guards a module's tables without anyone listing it: a cross-module import of the boxes tables fails", async () => {
    const fixture = `server/src/modules/tasks/boundary-fixture-boxes-${process.pid}.ts`;
    writeFileSync(
      path.join(repoRoot, fixture),
      'import { ownedBoxes } from "../boxes/schema.js";\nexport const boxes = ownedBoxes;\n',
    );
    try {
      const { failed, report } = await checkImports(fixture);
      expect(failed).toBe(true);
      expect(report).toContain("tables-of-boxes");
    } finally {
      rmSync(path.join(repoRoot, fixture), { force: true });
    }
  }, 180_000);

  it("fails a module that imports another module's service.ts, admin.ts or reports.ts instead of its api.ts", async () => {
    const fixture = `server/src/modules/tasks/boundary-fixture-service-${process.pid}.ts`;
    writeFileSync(
      path.join(repoRoot, fixture),
      [
        'import { createBoxService } from "../boxes/service.js";',
        'import { createBoxReports } from "../boxes/reports.js";',
        "export const both = [createBoxService, createBoxReports];",
        "",
      ].join("\n"),
    );
    try {
      const { failed, report } = await checkImports(fixture);
      expect(failed).toBe(true);
      expect(report).toContain("other-modules-through-api");
      expect(report).toContain("modules/boxes/service.ts");
      expect(report).toContain("modules/boxes/reports.ts");
    } finally {
      rmSync(path.join(repoRoot, fixture), { force: true });
    }
  }, 180_000);

  it("passes a module that calls the owner's api.ts instead", async () => {
    const fixture = `server/src/modules/staking/boundary-fixture-ok-${process.pid}.ts`;
    writeFileSync(
      path.join(repoRoot, fixture),
      [
        'import { memberIdByWallet } from "../users/api.js";',
        'import { boxesOpenedBy } from "../boxes/api.js";',
        "export const calls = [memberIdByWallet, boxesOpenedBy];",
        "",
      ].join("\n"),
    );
    try {
      const { failed } = await checkImports(fixture);
      expect(failed).toBe(false);
    } finally {
      rmSync(path.join(repoRoot, fixture), { force: true });
    }
  }, 180_000);

  it("keeps the relayer apart: the HTTP side reads only its chain state, and the relayer never the use cases that accept relays", async () => {
    const httpSide = `server/src/modules/sponsorship/boundary-fixture-relayer-${process.pid}.ts`;
    const sender = `server/src/modules/sponsorship/relayer/boundary-fixture-http-${process.pid}.ts`;
    writeFileSync(
      path.join(repoRoot, httpSide),
      [
        'import { createSponsoredChains } from "./relayer/chain-state.js";',
        'import { createChainRelayer } from "./relayer/relayer.js";',
        "export const both = [createSponsoredChains, createChainRelayer];",
        "",
      ].join("\n"),
    );
    writeFileSync(
      path.join(repoRoot, sender),
      [
        'import { relayFailureReasons } from "../relay-failures.js";',
        'import { createRelayRequest } from "../relay-request.js";',
        "export const both = [relayFailureReasons, createRelayRequest];",
        "",
      ].join("\n"),
    );
    try {
      const fromHttp = await checkImports(httpSide);
      expect(fromHttp.failed).toBe(true);
      expect(fromHttp.report).toContain("relayer-started-by-processes-only");
      expect(fromHttp.report).toContain("modules/sponsorship/relayer/relayer.ts");
      expect(fromHttp.report).not.toContain(`${httpSide} → server/src/modules/sponsorship/relayer/chain-state.ts`);
      const fromSender = await checkImports(sender);
      expect(fromSender.failed).toBe(true);
      expect(fromSender.report).toContain("relayer-apart-from-the-http-side");
      expect(fromSender.report).toContain("modules/sponsorship/relay-request.ts");
      expect(fromSender.report).not.toContain(`${sender} → server/src/modules/sponsorship/relay-failures.ts`);
    } finally {
      rmSync(path.join(repoRoot, httpSide), { force: true });
      rmSync(path.join(repoRoot, sender), { force: true });
    }
  }, 180_000);

  it("lets no import run up a layer: a use case, the chain or shared/ reaching for HTTP, a module or a process fails", async () => {
    const fixtures = {
      useCase: `server/src/modules/tasks/boundary-fixture-layers-${process.pid}.ts`,
      chain: `server/src/chain/boundary-fixture-layers-${process.pid}.ts`,
      shared: `server/src/shared/boundary-fixture-layers-${process.pid}.ts`,
      routes: `server/src/modules/tasks/routes.ts`,
    };
    const sources: Array<[string, string]> = [
      [fixtures.useCase, 'import type { AppEnv } from "../../http/env.js";\nexport type Env = AppEnv;\n'],
      [
        fixtures.chain,
        'import { memberById } from "../modules/users/api.js";\nimport { exitCodes } from "../cli/program.js";\nexport const both = [memberById, exitCodes];\n',
      ],
      [fixtures.shared, 'import { repoRoot } from "../config.js";\nexport const root = repoRoot;\n'],
    ];
    for (const [file, source] of sources) writeFileSync(path.join(repoRoot, file), source);
    try {
      const useCase = await checkImports(fixtures.useCase);
      expect(useCase.failed).toBe(true);
      expect(useCase.report).toContain("use-cases-below-http");
      expect(useCase.report).toContain("shared/errors.ts");
      const chain = await checkImports(fixtures.chain);
      expect(chain.failed).toBe(true);
      expect(chain.report).toContain("infrastructure-below-use-cases");
      expect(chain.report).toContain("processes-on-top");
      const shared = await checkImports(fixtures.shared);
      expect(shared.failed).toBe(true);
      expect(shared.report).toContain("shared-at-the-bottom");
      // A module's HTTP side is its routes.ts: it may use http/.
      expect((await checkImports(fixtures.routes)).failed).toBe(false);
    } finally {
      for (const [file] of sources) rmSync(path.join(repoRoot, file), { force: true });
    }
  }, 180_000);
});
