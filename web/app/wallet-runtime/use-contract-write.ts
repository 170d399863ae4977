import type { ApiRouteInput, creditCheckInRoute, SponsoredAction } from "@arcana/protocol";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Abi, TransactionReceipt } from "viem";
import { ApiRequestError } from "../lib/api";
import { useMutation } from "../lib/mutation-hook";
import type { ContractWrite } from "./evm-chain";
import type { RelayProgress } from "./sponsored-write";
import { loadWalletRuntime, useWalletStore } from "./wallet-store";

/** A mined transaction, as the server credits it (`POST /blockchain/check_in`, `POST /blockchain/tarot`). */
export type ChainTransactionRequest = ApiRouteInput<typeof creditCheckInRoute>["body"];

/**
 * Where a contract write is, for the button and the status line. A sponsored write signs a request
 * ("signing") and follows Arcana's relay ("relaying") instead of sending a transaction ("confirming").
 */
export type WriteStage = "authorizing" | "switching" | "confirming" | "signing" | "relaying" | "crediting";

/** How often the server is asked to credit a mined transaction it has not seen confirmed yet. */
export const creditAttempts = 8;
export const creditRetryDelayMs = 2000;

/** The server answers 409 until the chain has confirmed the transaction. */
function notConfirmedYet(error: unknown) {
  return error instanceof ApiRequestError && error.code === "conflict";
}

export interface ContractWriteOptions<Variables, Prepared extends { write: ContractWrite<Abi, string> }, Credit> {
  /** The write to send, with whatever else the caller needs after it (e.g. Arcana's authorization). */
  prepare: (variables: Variables, onStage: (stage: WriteStage) => void) => Promise<Prepared>;
  /** Credits the mined transaction with the server at once; without it the indexer credits it later. */
  credit?: (transaction: ChainTransactionRequest, variables: Variables) => Promise<Credit>;
  /** The queries the write changes, refreshed once it settles. */
  invalidates: (variables: Variables) => QueryKey[];
  /** Milliseconds between credit attempts; tests pass 0. */
  creditRetryDelayMs?: number;
  /**
   * The sponsored action this write is: when Arcana sponsors it on the write's chain now, the wallet signs
   * a ForwardRequest and Arcana's relayer pays the gas (and credits a check-in or tarot record itself).
   */
  sponsoredAction?: (variables: Variables) => SponsoredAction;
  /** Milliseconds between relay status checks; tests pass 0. */
  relayPollMs?: number;
}

export interface ContractWriteResult<Prepared, Credit> {
  prepared: Prepared;
  receipt: TransactionReceipt;
  /** The server's credit; null while the chain has not confirmed the transaction (the indexer credits it then). */
  credited: Credit | null;
  /** Set when Arcana paid the gas: the relayed transaction, and whether the server credited it already. */
  relayed: { txHash: `0x${string}`; credited: boolean } | null;
}

export interface WriteOptions {
  /** Send the transaction from the wallet, paying the gas, even where Arcana would sponsor it. */
  payOwnGas?: boolean;
}

/**
 * One way to write to a chain (like scaffold-eth-2's transactor): prepare (Arcana's authorization
 * if the contract needs one), put the wallet on the write's chain, simulate, write, wait for the
 * receipt, then credit it with the server (asked again while it answers 409), and refresh what
 * the write changed. A write is never repeated behind the member's back; only the credit is.
 */
export function useContractWrite<Variables, Prepared extends { write: ContractWrite<Abi, string> }, Credit = never>(
  options: ContractWriteOptions<Variables, Prepared, Credit>,
) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<WriteStage | null>(null);
  const [relay, setRelay] = useState<RelayProgress | null>(null);
  const credit = useMutation({
    mutationFn: async ({ transaction, variables }: { transaction: ChainTransactionRequest; variables: Variables }) => {
      if (!options.credit) throw new Error("This write is not credited by the server.");
      return options.credit(transaction, variables);
    },
    retry: (failureCount, error) => notConfirmedYet(error) && failureCount < creditAttempts - 1,
    retryDelay: options.creditRetryDelayMs ?? creditRetryDelayMs,
  });
  const mutation = useMutation({
    mutationFn: async ({
      variables,
      payOwnGas,
    }: {
      variables: Variables;
      payOwnGas: boolean;
    }): Promise<ContractWriteResult<Prepared, Credit>> => {
      setStage("confirming");
      setRelay(null);
      try {
        const prepared = await options.prepare(variables, setStage);
        const { write } = prepared;
        const action = payOwnGas ? undefined : options.sponsoredAction?.(variables);
        // The sponsorship code (and the question to Arcana) only when the write could be sponsored.
        const sponsored = action ? await import("./sponsored-write") : null;
        const sponsorship = sponsored && action ? await sponsored.currentSponsorship(write.chainId, action) : null;
        const runtime = await loadWalletRuntime();
        // A wallet signs typed data for its current chain only: switch first for a sponsored write too.
        if (useWalletStore.getState().evm.chainId !== write.chainId) {
          setStage("switching");
          await runtime.switchEvmChain(write.chainId);
        }
        const from = useWalletStore.getState().evm.address;
        if (sponsored && action && sponsorship && from) {
          setStage("signing");
          const { receipt, relay: status } = await sponsored.sendSponsored(write, sponsorship, action, {
            from,
            signTypedData: (typedData) => runtime.signEvmTypedData(typedData),
            waitForReceipt: (chainId, hash) => runtime.waitForEvmReceipt(chainId, hash),
            onProgress: (progress) => {
              setRelay(progress);
              if (progress.step !== "signing") setStage(progress.step === "confirmed" ? "crediting" : "relaying");
            },
            pollMs: options.relayPollMs,
          });
          return {
            prepared,
            receipt,
            credited: null,
            relayed: { txHash: receipt.transactionHash, credited: status.credited },
          };
        }
        setStage("confirming");
        const receipt = await runtime.writeContract(write);
        if (!options.credit) return { prepared, receipt, credited: null, relayed: null };
        setStage("crediting");
        const credited = await credit
          .mutateAsync({ transaction: { tx_hash: receipt.transactionHash, chain_id: write.chainId }, variables })
          .catch((error: unknown) => {
            if (notConfirmedYet(error)) return null;
            throw error;
          });
        return { prepared, receipt, credited, relayed: null };
      } finally {
        setStage(null);
      }
    },
    onSettled: (_result, _error, { variables }) =>
      Promise.all(
        [...options.invalidates(variables), ["blockchain", "sponsorship"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  return {
    ...mutation,
    mutateAsync: (variables: Variables, writeOptions: WriteOptions = {}) =>
      mutation.mutateAsync({ variables, payOwnGas: writeOptions.payOwnGas ?? false }),
    stage,
    /** The sponsored write's progress (signed, sent, confirmed, credited), until the next write starts. */
    relay,
  };
}
