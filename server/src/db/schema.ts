// Every table, each owned by one module (its service is how others reach it). Only the database
// client, drizzle-kit and tests read this list; application code imports its own module's schema.
export * from "../chain/schema.js";
export * from "../mail/schema.js";
export * from "../modules/auth/schema.js";
export * from "../modules/boxes/schema.js";
export * from "../modules/daily/schema.js";
export * from "../modules/ledger/schema.js";
export * from "../modules/operator/schema.js";
export * from "../modules/passes/schema.js";
export * from "../modules/referrals/schema.js";
export * from "../modules/reminders/schema.js";
export * from "../modules/sponsorship/schema.js";
export * from "../modules/tarot/schema.js";
export * from "../modules/tasks/schema.js";
export * from "../modules/users/schema.js";
export * from "../modules/wallets/schema.js";
export * from "../rate-limit/schema.js";
