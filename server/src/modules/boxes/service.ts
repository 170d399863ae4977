import type { Language, PurchaseRequest } from "@arcana/protocol";
import { type BoxServiceDeps, createBoxContext, type Member } from "./box-context.js";
import { listMarket } from "./list-market.js";
import { listMyBoxes } from "./list-my-boxes.js";
import { lootboxSummary } from "./lootbox-summary.js";
import { openBox } from "./open-box.js";
import { boxResults, createPublicFairness, listPublicOpenings, openingsDayFile } from "./public-results.js";
import { purchaseBox } from "./purchase-box.js";
import { rotateSeed } from "./rotate-seed.js";
import { fairnessOf, revealDueSeeds } from "./seeds.js";

export type { BoxServiceDeps } from "./box-context.js";
export type BoxService = ReturnType<typeof createBoxService>;

/**
 * The boxes module's use cases, one file each (box-context.ts holds what they share):
 * purchase-box.ts, open-box.ts, rotate-seed.ts, list-market.ts, list-my-boxes.ts,
 * lootbox-summary.ts and public-results.ts.
 */
export function createBoxService(deps: BoxServiceDeps) {
  const context = createBoxContext(deps);
  const { db, now } = context;
  return {
    currentVersions: context.odds.current,
    market: (language: Language) => listMarket(context, language),
    purchase: (member: Member, request: PurchaseRequest, idempotencyKey?: string) =>
      purchaseBox(context, member, request, idempotencyKey),
    open: (member: Member, ownedBoxId: string) => openBox(context, member, ownedBoxId),
    mine: (userId: string, page: { perPage: number; cursor?: string }, language: Language) =>
      listMyBoxes(context, userId, page, language),
    fairness: (userId: string) => fairnessOf(db, userId, now),
    rotate: (userId: string, clientSeed?: string) => rotateSeed(context, userId, clientSeed),
    summary: (userId: string, language: Language) => lootboxSummary(context, userId, language),
    results: (boxId: string) => boxResults(context, boxId),
    publicOpenings: (network: string, page: { perPage: number; cursor?: string }) =>
      listPublicOpenings(context, network, page),
    openingsDayFile: (network: string, file: string) => openingsDayFile(context, network, file),
    publicFairness: createPublicFairness(context),
    /** The seed-reveal job's pass: reveals every seed whose first opening is 30 days old (decision 0043). */
    revealDueSeeds: () => revealDueSeeds(db, now),
  };
}
