/** Where a pass transaction is, for the button and the status line. */
export type TransactionStep = "authorizing" | "switching" | "confirming";

export const transactionStepText: Record<TransactionStep, string> = {
  authorizing: "Asking Arcana for an authorization …",
  switching: "Switching your wallet's network …",
  confirming: "Confirm in your wallet, then wait for the transaction to be mined …",
};
