import type { WriteStage } from "../../wallet-runtime/use-contract-write";

/** Where a pass transaction is, for the status line. */
export const transactionStepText: Record<WriteStage, string> = {
  authorizing: "Asking Arcana for an authorization …",
  switching: "Switching your wallet's network …",
  confirming: "Confirm in your wallet, then wait for the transaction to be mined …",
  signing: "Sign the free request in your wallet (a signature, not a transaction: no gas) …",
  relaying: "Arcana is sending your transaction and paying its gas …",
  crediting: "Crediting your points …",
};
