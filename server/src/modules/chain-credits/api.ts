export {
  type ChainCredit,
  type ChainCreditRule,
  type CreditedChainEvent,
  type CreditOutcome,
  type CreditRow,
  createChainCreditPipeline,
  sameChainEvent,
} from "./pipeline.js";
