import type { WriteStage } from "../../wallet-runtime/use-contract-write";

/** Where a pass transaction is, for the status line. */
export const transactionStepText: Record<WriteStage, string> = {
  authorizing: "Asking Arcana for an authorization …",
  switching: "Switching your wallet's network …",
  confirming: "Confirm in your wallet, then wait for the transaction to be mined …",
  crediting: "Crediting your points …",
};
