/** Where a contract event happened: enough to name one credit for it, and only it. */
export interface ChainEventIdentity {
  chainId: number;
  txHash: string;
  logIndex: number;
  /**
   * The block the event was read from. A transaction re-mined into another block after a reorg is
   * a new event: its earlier credit was reversed, and this one may be credited again.
   */
  blockHash: string;
}

/** The ledger reference of a credit for one chain event: (chain, tx hash, log index, block). */
export function chainEventKey(event: ChainEventIdentity): string {
  return `${event.chainId}:${event.txHash.toLowerCase()}:${event.logIndex}:${event.blockHash.toLowerCase()}`;
}
