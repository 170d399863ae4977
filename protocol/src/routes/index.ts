export * from "./accounts.js";
export * from "./daily.js";
export * from "./ledger.js";
export * from "./passes.js";
export * from "./staking.js";
export * from "./system.js";
export * from "./tarot.js";
export * from "./wallets.js";
