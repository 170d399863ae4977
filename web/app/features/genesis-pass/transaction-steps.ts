import type { MessageId } from "../../i18n/use-t";
import type { WriteStage } from "../../wallet-runtime/use-contract-write";

/** Where a pass transaction is, for the status line (messages in the pass namespace). */
export const transactionStepText: Record<WriteStage, MessageId> = {
  authorizing: "pass.step.authorizing",
  switching: "pass.step.switching",
  confirming: "pass.step.confirming",
  signing: "pass.step.signing",
  relaying: "pass.step.relaying",
  crediting: "pass.step.crediting",
};
