export * from "./accounts.js";
export * from "./chains.js";
export * from "./config.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./gmt-day.js";
export * from "./health.js";
export * from "./web-context.js";
