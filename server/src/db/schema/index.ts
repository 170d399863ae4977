// One file per domain; drizzle-kit reads them all through this index.
export * from "./accounts.js";
export * from "./meta.js";
