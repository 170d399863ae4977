import type { ApiRouteInput, creditCheckInRoute } from "@arcana/protocol";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Abi, TransactionReceipt } from "viem";
import { ApiRequestError } from "../lib/api";
import { useMutation } from "../lib/mutation-hook";
import type { ContractWrite } from "./evm-chain";
import { loadWalletRuntime, useWalletStore } from "./wallet-store";

/** A mined transaction, as the server credits it (`POST /blockchain/check_in`, `POST /blockchain/tarot`). */
export type ChainTransactionRequest = ApiRouteInput<typeof creditCheckInRoute>["body"];

/** Where a contract write is, for the button and the status line. */
export type WriteStage = "authorizing" | "switching" | "confirming" | "crediting";

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
}

export interface ContractWriteResult<Prepared, Credit> {
  prepared: Prepared;
  receipt: TransactionReceipt;
  /** The server's credit; null while the chain has not confirmed the transaction (the indexer credits it then). */
  credited: Credit | null;
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
  const credit = useMutation({
    mutationFn: async ({ transaction, variables }: { transaction: ChainTransactionRequest; variables: Variables }) => {
      if (!options.credit) throw new Error("This write is not credited by the server.");
      return options.credit(transaction, variables);
    },
    retry: (failureCount, error) => notConfirmedYet(error) && failureCount < creditAttempts - 1,
    retryDelay: options.creditRetryDelayMs ?? creditRetryDelayMs,
  });
  const mutation = useMutation({
    mutationFn: async (variables: Variables): Promise<ContractWriteResult<Prepared, Credit>> => {
      setStage("confirming");
      try {
        const prepared = await options.prepare(variables, setStage);
        const { write } = prepared;
        const runtime = await loadWalletRuntime();
        if (useWalletStore.getState().evm.chainId !== write.chainId) {
          setStage("switching");
          await runtime.switchEvmChain(write.chainId);
        }
        setStage("confirming");
        const receipt = await runtime.writeContract(write);
        if (!options.credit) return { prepared, receipt, credited: null };
        setStage("crediting");
        const credited = await credit
          .mutateAsync({ transaction: { tx_hash: receipt.transactionHash, chain_id: write.chainId }, variables })
          .catch((error: unknown) => {
            if (notConfirmedYet(error)) return null;
            throw error;
          });
        return { prepared, receipt, credited };
      } finally {
        setStage(null);
      }
    },
    onSettled: (_result, _error, variables) =>
      Promise.all(options.invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  return { ...mutation, stage };
}
