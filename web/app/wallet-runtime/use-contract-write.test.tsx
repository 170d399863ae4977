import { dailyAbi } from "@arcana/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import type { TransactionReceipt } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../lib/api";
import { createQueryClient } from "../lib/query-client";
import { useContractWrite } from "./use-contract-write";
import { disconnectedEvm, useWalletStore, type WalletRuntime } from "./wallet-store";

const txHash = `0x${"ab".repeat(32)}` as const;
const daily = `0x${"d".repeat(40)}` as const;
const notConfirmed = () => new ApiRequestError({ status: 409, code: "conflict", message: "not confirmed yet" });

let writeContract: ReturnType<typeof vi.fn<WalletRuntime["writeContract"]>>;
let switchEvmChain: ReturnType<typeof vi.fn<WalletRuntime["switchEvmChain"]>>;

beforeEach(() => {
  writeContract = vi.fn(async () => ({ transactionHash: txHash, status: "success" }) as TransactionReceipt);
  switchEvmChain = vi.fn(async () => undefined);
  const runtime = { writeContract, switchEvmChain } as Partial<WalletRuntime> as WalletRuntime;
  useWalletStore.setState({ runtime, evm: { ...disconnectedEvm, status: "connected", chainId: 10 } });
});
afterEach(() => cleanup());

function renderWrite(credit: () => Promise<{ points: number }>) {
  const queryClient = createQueryClient();
  const invalidated = vi.spyOn(queryClient, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useContractWrite({
        prepare: async (chainId: number) => ({
          write: { chainId, address: daily, abi: dailyAbi, functionName: "checkIn", args: [] },
        }),
        credit,
        invalidates: () => [["assets", "u1"]],
        creditRetryDelayMs: 0,
      }),
    { wrapper },
  );
  return { result, invalidated };
}

describe("one way to write to a chain", () => {
  it("puts the wallet on the write's chain, writes once, and asks the server to credit it until it is confirmed", async () => {
    const answers = [notConfirmed(), notConfirmed()];
    const credit = vi.fn(async () => {
      const refusal = answers.shift();
      if (refusal) throw refusal;
      return { points: 10 };
    });
    const { result, invalidated } = renderWrite(credit);
    let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync(31337);
    });
    expect(switchEvmChain).toHaveBeenCalledWith(31337);
    expect(writeContract).toHaveBeenCalledTimes(1);
    expect(credit).toHaveBeenCalledTimes(3);
    expect(credit).toHaveBeenLastCalledWith({ tx_hash: txHash, chain_id: 31337 }, 31337);
    expect(outcome?.credited).toEqual({ points: 10 });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ["assets", "u1"] });
  });

  it("leaves a still-unconfirmed transaction to the indexer (credited: null) after its tries", async () => {
    const credit = vi.fn(async () => {
      throw notConfirmed();
    });
    const { result } = renderWrite(credit);
    let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync(10);
    });
    expect(switchEvmChain).not.toHaveBeenCalled();
    expect(credit).toHaveBeenCalledTimes(8);
    expect(outcome?.credited).toBeNull();
    expect(writeContract).toHaveBeenCalledTimes(1);
  });

  it("stops at once on any other refusal", async () => {
    const credit = vi.fn(async () => {
      throw new ApiRequestError({ status: 403, code: "forbidden", message: "Another wallet sent it." });
    });
    const { result } = renderWrite(credit);
    await act(async () => {
      await expect(result.current.mutateAsync(10)).rejects.toThrow("Another wallet sent it.");
    });
    expect(credit).toHaveBeenCalledTimes(1);
  });
});
