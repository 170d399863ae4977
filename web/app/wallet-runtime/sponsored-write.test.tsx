import { dailyAbi, forwarderDomain, forwardRequestTypes } from "@arcana/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { encodeFunctionData, type Hex, type TransactionReceipt, verifyTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import { testT } from "../test/fixtures";
import { contractErrorMessage } from "./contract-errors";
import { useContractWrite } from "./use-contract-write";
import { disconnectedEvm, useWalletStore, type WalletRuntime } from "./wallet-store";

const member = privateKeyToAccount(`0x${"42".repeat(32)}`);
const daily = `0x${"d".repeat(40)}` as const;
const forwarder = `0x${"f".repeat(40)}` as const;
const txHash = `0x${"ab".repeat(32)}` as const;
const relayId = "7d0b8f54-5a29-4c3e-9c1d-0f7c4f1f2a10";

type Answer = { status?: number; body: unknown };
let relayStates: Answer[];
let sponsorship: Answer;
let relayAnswer: Answer;
let posted: { chain_id: number; request: Record<string, unknown>; signature: Hex } | null;
let writeContract: ReturnType<typeof vi.fn<WalletRuntime["writeContract"]>>;
let signEvmTypedData: ReturnType<typeof vi.fn<WalletRuntime["signEvmTypedData"]>>;

function chainSponsorship(overrides: Record<string, unknown> = {}) {
  return {
    chain_id: 31337,
    enabled: true,
    forwarder,
    actions: ["check_in", "record_tarot"],
    left_today: 5,
    next_nonce: "3",
    reason: null,
    ...overrides,
  };
}

function relayStatus(state: string, overrides: Record<string, unknown> = {}) {
  return {
    data: {
      relay_id: relayId,
      chain_id: 31337,
      action: "check_in",
      state,
      tx_hash: state === "queued" ? null : txHash,
      failure_reason: null,
      failure: null,
      credited: false,
      ...overrides,
    },
  };
}

beforeEach(() => {
  posted = null;
  sponsorship = { body: { data: { chains: [chainSponsorship()] } } };
  relayAnswer = { status: 202, body: { data: { relay_id: relayId, state: "queued" } } };
  relayStates = [
    { body: relayStatus("queued") },
    { body: relayStatus("sent") },
    { body: relayStatus("confirmed") },
    { body: relayStatus("confirmed", { credited: true }) },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const answer = (a: Answer) => Response.json(a.body, { status: a.status ?? 200 });
      if (url.endsWith("/api/blockchain/sponsorship")) return answer(sponsorship);
      if (url.endsWith("/api/blockchain/relay") && init?.method === "POST") {
        posted = JSON.parse(String(init.body));
        return answer(relayAnswer);
      }
      if (url.endsWith(`/api/blockchain/relay/${relayId}`))
        return answer(relayStates.shift() ?? { body: relayStatus("queued") });
      throw new Error(`unexpected request ${url}`);
    }),
  );
  // The forwarder's receipt for the relayed call, as the chain answers it.
  const receipt: TransactionReceipt = {
    transactionHash: txHash,
    status: "success",
    logs: [],
    blockHash: `0x${"b".repeat(64)}`,
    blockNumber: 1n,
    contractAddress: null,
    cumulativeGasUsed: 60_000n,
    effectiveGasPrice: 1n,
    from: member.address,
    gasUsed: 60_000n,
    logsBloom: `0x${"0".repeat(512)}`,
    to: member.address,
    transactionIndex: 0,
    type: "eip1559",
  };
  writeContract = vi.fn(async () => receipt);
  signEvmTypedData = vi.fn(async (typedData) => member.signTypedData(typedData as never));
  const runtime = {
    writeContract,
    signEvmTypedData,
    switchEvmChain: vi.fn(async () => undefined),
    waitForEvmReceipt: vi.fn(async (): Promise<TransactionReceipt> => receipt),
  } as Partial<WalletRuntime> as WalletRuntime;
  useWalletStore.setState({
    runtime,
    evm: { ...disconnectedEvm, status: "connected", chainId: 31337, address: member.address },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCheckIn() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useContractWrite({
        prepare: async () => ({
          write: { chainId: 31337, address: daily, abi: dailyAbi, functionName: "checkIn", args: [] },
        }),
        credit: async () => ({ points: 10 }),
        sponsoredAction: () => "check_in",
        invalidates: () => [],
        relayPollMs: 0,
      }),
    { wrapper },
  );
  return { result };
}

describe("a sponsored write", () => {
  it("has the wallet sign the forwarder's ForwardRequest, relays it, and follows it to credited without sending a transaction", async () => {
    const { result } = renderCheckIn();
    let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync(undefined);
    });
    expect(writeContract).not.toHaveBeenCalled();
    expect(outcome?.relayed).toEqual({ txHash, credited: true });
    // It followed the relay through queued, sent and confirmed until the server had credited it.
    expect(relayStates).toEqual([]);
    expect(result.current.relay).toMatchObject({ step: "credited", txHash });

    // What Arcana receives is exactly what the wallet signed, for the chain's forwarder, acting for the member.
    const request = posted?.request ?? {};
    expect(posted?.chain_id).toBe(31337);
    expect(request).toMatchObject({
      from: member.address,
      to: daily,
      value: "0",
      nonce: "3",
      data: encodeFunctionData({ abi: dailyAbi, functionName: "checkIn" }),
    });
    const valid = await verifyTypedData({
      address: member.address,
      domain: { ...forwarderDomain, chainId: 31337, verifyingContract: forwarder },
      types: forwardRequestTypes,
      primaryType: "ForwardRequest",
      message: {
        from: request.from as Hex,
        to: request.to as Hex,
        value: BigInt(request.value as string),
        gas: BigInt(request.gas as string),
        nonce: BigInt(request.nonce as string),
        deadline: request.deadline as number,
        data: request.data as Hex,
      },
      signature: posted?.signature as Hex,
    });
    expect(valid).toBe(true);
    const secondsAhead = (request.deadline as number) - Date.now() / 1000;
    expect(secondsAhead).toBeGreaterThan(60);
    expect(secondsAhead).toBeLessThanOrEqual(600);
  });

  it("sends the transaction from the wallet when sponsorship is off for that action", async () => {
    sponsorship = { body: { data: { chains: [chainSponsorship({ actions: ["record_tarot"] })] } } };
    const { result } = renderCheckIn();
    await act(async () => {
      await result.current.mutateAsync(undefined);
    });
    expect(signEvmTypedData).not.toHaveBeenCalled();
    expect(writeContract).toHaveBeenCalledTimes(1);
  });

  it("pays its own gas when the member asks, without asking Arcana", async () => {
    const { result } = renderCheckIn();
    await act(async () => {
      await result.current.mutateAsync(undefined, { payOwnGas: true });
    });
    expect(signEvmTypedData).not.toHaveBeenCalled();
    expect(posted).toBeNull();
    expect(writeContract).toHaveBeenCalledTimes(1);
  });

  it("fails with the refusal's code and quota, said in the page's language, and with the relayer's reason when it fails on chain", async () => {
    relayAnswer = {
      status: 429,
      body: {
        error: { code: "quota_used", message: "You have used your 2 sponsored transactions today (GMT).", quota: 2 },
      },
    };
    const { result } = renderCheckIn();
    let refused: unknown;
    await act(async () => {
      refused = await result.current.mutateAsync(undefined).catch((error: unknown) => error);
    });
    expect(refused).toMatchObject({ code: "quota_used", quota: 2 });
    const zh = testT("zh-CN");
    expect(contractErrorMessage(refused, { t: zh })).toBe(
      "你今天（GMT）的 2 笔免费交易已用完。你可以自己支付 Gas 费。",
    );
    relayAnswer = { status: 202, body: { data: { relay_id: relayId, state: "queued" } } };
    relayStates = [
      {
        body: relayStatus("failed", { failure_reason: "The call reverted on chain.", failure: "call_reverted" }),
      },
    ];
    let failed: unknown;
    await act(async () => {
      failed = await result.current.mutateAsync(undefined).catch((error: unknown) => error);
    });
    expect(failed).toMatchObject({
      name: "RelayFailedError",
      reason: "The call reverted on chain.",
      failure: "call_reverted",
    });
    expect(contractErrorMessage(failed, { t: zh })).toBe(
      "免费交易未能完成：合约拒绝了它（可能今天已经完成过）。如果已完成，则无需再做任何操作。",
    );
    expect(writeContract).not.toHaveBeenCalled();
  });
});
