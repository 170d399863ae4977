// One file per domain; drizzle-kit reads them all through this index.
export * from "./accounts.js";
export * from "./boxes.js";
export * from "./chain.js";
export * from "./daily.js";
export * from "./ledger.js";
export * from "./meta.js";
export * from "./wallets.js";
