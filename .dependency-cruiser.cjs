// The boundaries of docs/decisions/0006-module-boundaries.md, checked by `npm run lint`.

const { existsSync, readdirSync } = require("node:fs");
const path = require("node:path");

/** What other code calls instead of a module's tables, for the lint's message (its api.ts otherwise). */
const callInstead = {
  "server/src/modules/users":
    "modules/users/api.ts (memberById, memberByEmail, memberIdByWallet, lockMember, setBoundWallet)",
  "server/src/modules/auth": "modules/auth/api.ts",
  "server/src/modules/ledger": "modules/ledger/api.ts (grantPoints, spendPoints, pointsBalance, claimedFor)",
  "server/src/modules/operator": "modules/operator/api.ts (isOperator, recordAudit)",
  "server/src/chain":
    "chain/events.ts (eventsFor, recordFastPathEvent) or chain/indexer.ts (createIndexer, chainIndexerStatuses)",
  "server/src/mail": "mail/mailer.ts (createDevMailbox, readDevMailbox)",
  "server/src/rate-limit": "rate-limit/database-limiter.ts (createDatabaseRateLimiter)",
};

/**
 * Each table's owner: every folder under server/src/modules, and chain, mail and rate-limit, that
 * holds a schema.ts. Derived from the folders, so a new module is guarded the day it is created.
 */
const owners = [
  ...readdirSync(path.join(__dirname, "server/src/modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `server/src/modules/${entry.name}`),
  "server/src/chain",
  "server/src/mail",
  "server/src/rate-limit",
]
  .filter((folder) => existsSync(path.join(__dirname, folder, "schema.ts")))
  .map((folder) => [folder, callInstead[folder] ?? `${folder.replace(/^server\/src\//, "")}/api.ts`]);

const asPattern = (path) => path.replaceAll("/", "\\/").replaceAll("-", "\\-");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...owners.map(([folder, service]) => ({
      name: `tables-of-${folder.split("/").at(-1)}`,
      severity: "error",
      comment: `${folder}/schema.ts belongs to its module: call ${service} instead of reading or writing its tables.`,
      from: {
        // Other schema files may reference a table for a foreign key; db/schema.ts lists every table for drizzle.
        pathNot: [`^${asPattern(folder)}/`, "/schema\\.ts$"],
      },
      to: { path: `^${asPattern(folder)}/schema\\.ts$` },
    })),
    {
      name: "other-modules-through-api",
      severity: "error",
      comment:
        "A module calls another module through that module's api.ts only (decision 0020): export what you need from its api.ts (a re-export of its service, admin or reports function is fine) and import that.",
      from: { path: "^server/src/modules/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: {
        path: "^server/src/modules/[^/]+/",
        // Its own files; another module's api.ts; schema files (their own rule: foreign keys only).
        pathNot: ["^server/src/modules/$1/", "^server/src/modules/[^/]+/(api|schema)\\.ts$"],
      },
    },
    {
      name: "relayer-started-by-processes-only",
      severity: "error",
      comment:
        "modules/sponsorship/relayer/ is the relayer, a long-running sender with its own leadership and nonces (decision 0046): main.ts and the CLI start it; everything else, the HTTP side of sponsorship included, reads only its chain-state.ts (balances, fees, forwarder nonces).",
      from: {
        pathNot: [
          "^server/src/modules/sponsorship/relayer/",
          "^server/src/main\\.ts$",
          "^server/src/cli/",
          "\\.test\\.tsx?$",
          "^server/src/test/",
        ],
      },
      to: {
        path: "^server/src/modules/sponsorship/relayer/",
        pathNot: "^server/src/modules/sponsorship/relayer/chain-state\\.ts$",
      },
    },
    {
      name: "relayer-apart-from-the-http-side",
      severity: "error",
      comment:
        "The relayer sends what the HTTP side stored (decision 0046): of its module it reads the tables and the pure rules (schema.ts, rules.ts, relay-failures.ts), never the use cases that accept relays, their service or routes.",
      from: { path: "^server/src/modules/sponsorship/relayer/", pathNot: "\\.test\\.tsx?$" },
      to: {
        path: "^server/src/modules/sponsorship/[^/]+$",
        pathNot: "^server/src/modules/sponsorship/(schema|rules|relay-failures)\\.ts$",
      },
    },
    // The layers of server/src, top to bottom (decision 0047); an arrow only runs down:
    //   processes     main.ts, indexer-main.ts, cli/, db/migrate-cli.ts: what a command starts
    //   delivery      app.ts (the composition root), bootstrap.ts, http/, web/ (server rendering), and each
    //                 module's HTTP side: modules/<domain>/routes.ts (and reminders' page.ts)
    //   use cases     modules/
    //   below them    chain/, db/, mail/, rate-limit/, config.ts, economy.ts and the other files at the root
    //   shared/       the errors a use case throws, CSV escaping, per-chain metric series: nothing else of the server
    {
      name: "processes-on-top",
      severity: "error",
      comment:
        "main.ts, indexer-main.ts, the CLI and db/migrate-cli.ts start processes (decision 0047): nothing else imports them. Move what you need from them down to the layer that owns it.",
      from: {
        path: "^server/src/",
        pathNot: [
          "^server/src/(main|indexer-main)\\.ts$",
          "^server/src/cli/",
          "^server/src/db/migrate-cli\\.ts$",
          "\\.test\\.tsx?$",
          "^server/src/test/",
        ],
      },
      to: { path: ["^server/src/(main|indexer-main)\\.ts$", "^server/src/cli/", "^server/src/db/migrate-cli\\.ts$"] },
    },
    {
      name: "use-cases-below-http",
      severity: "error",
      comment:
        "HTTP and server rendering sit above the use cases (decision 0047): a use case, the chain, the database, mail, rate limits and configuration never import http/, web/, app.ts or a module's routes. An error a use case throws is in shared/errors.ts; a request's member is modules/auth's Authenticated.",
      from: {
        path: "^server/src/",
        pathNot: [
          "^server/src/(app|main|indexer-main|bootstrap)\\.ts$",
          "^server/src/(cli|http|web|test)/",
          "^server/src/db/migrate-cli\\.ts$",
          "^server/src/modules/[^/]+/(routes|page)\\.ts$",
          "\\.test\\.tsx?$",
        ],
      },
      to: {
        path: ["^server/src/(http|web)/", "^server/src/app\\.ts$", "^server/src/modules/[^/]+/(routes|page)\\.ts$"],
      },
    },
    {
      name: "infrastructure-below-use-cases",
      severity: "error",
      comment:
        "The chain, the database, mail, rate limits and configuration sit below the modules (decision 0047): they never import a module. Only db/schema.ts gathers every module's tables for drizzle.",
      from: {
        path: "^server/src/",
        pathNot: [
          "^server/src/(app|main|indexer-main|bootstrap)\\.ts$",
          "^server/src/(cli|http|web|test|modules)/",
          "^server/src/db/(schema|migrate-cli)\\.ts$",
          "\\.test\\.tsx?$",
        ],
      },
      to: { path: "^server/src/modules/" },
    },
    {
      name: "shared-at-the-bottom",
      severity: "error",
      comment:
        "server/src/shared/ is below every layer (decision 0047): it imports packages and protocol/, nothing else of the server.",
      from: { path: "^server/src/shared/" },
      to: { path: "^server/src/", pathNot: "^server/src/shared/" },
    },
    {
      name: "every-table-only-for-db-and-tests",
      severity: "error",
      comment:
        "server/src/db/schema.ts lists every table for the database client, drizzle-kit and tests: application code imports its own module's schema.ts and calls other modules' services.",
      from: { pathNot: ["^server/src/db/", "\\.test\\.tsx?$", "^server/src/test/", "^e2e/"] },
      to: { path: "^server/src/db/schema\\.ts$" },
    },
    {
      name: "web-not-server",
      severity: "error",
      comment: "The web never imports the server: shared types and schemas live in protocol/ (@arcana/protocol).",
      from: { path: "^web/" },
      to: { path: "^server/" },
    },
    {
      name: "protocol-only-zod",
      severity: "error",
      comment: "protocol/ is the shared contract: it imports zod and its own files, nothing else.",
      from: { path: "^protocol/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^protocol/", "(^|/)node_modules/zod/"] },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "An import loop: break it by moving the shared piece to the module that owns it.",
      from: { path: "^(server/src|web/app|protocol/src)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "(^|/)build/", "\\.react-router/", "server/src/db/migrations/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
