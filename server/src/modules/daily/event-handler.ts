import type { Logger } from "pino";
import type { EventHandler } from "../../chain/indexer.js";
import type { TarotService } from "../tarot/service.js";
import type { CheckInService } from "./service.js";

/**
 * Daily's CheckedIn and TarotRecorded events credit points through the same idempotent paths as
 * the tx-hash fast path, inside the indexer's transaction. Credits are ledger rows and stay when a
 * block is orphaned: live chains wait for confirmations first, so only the local chain (0
 * confirmations) can orphan a credited block, and a warning says so.
 */
export function dailyEventHandler(checkIn: CheckInService, tarot: TarotService, logger: Logger): EventHandler {
  return {
    contract: "Daily",
    events: ["CheckedIn", "TarotRecorded"],
    async apply(tx, event) {
      const common = {
        wallet: event.args.wallet ?? "",
        day: Number(event.args.day),
        chainId: event.chainId,
        txHash: event.txHash,
        logIndex: event.logIndex,
      };
      if (event.name === "CheckedIn") await checkIn.creditCheckIn(common, tx);
      else await tarot.creditTarotRecorded({ ...common, digest: event.args.digest ?? "" }, tx);
    },
    async revert(_tx, event) {
      logger.warn(
        { chainId: event.chainId, txHash: event.txHash, name: event.name },
        "a credited Daily event was orphaned by a reorg; its points stay in the ledger",
      );
    },
  };
}
