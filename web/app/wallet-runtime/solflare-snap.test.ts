import { limits } from "@arcana/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { detectMetaMaskSnaps } from "./solflare-snap";

type Answer = { id?: string; error?: unknown } | null;

/** Plays MetaMask's content script: answers each `wallet_getSnaps` question (null: stays silent). */
function metaMask(answers: Answer[]) {
  const asked: unknown[] = [];
  vi.spyOn(window, "postMessage").mockImplementation((message: unknown) => {
    asked.push(message);
    const answer = answers.shift();
    if (!answer) return;
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { target: "metamask-inpage", data: { name: "metamask-provider", data: answer } },
      }),
    );
  });
  return asked;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("Solflare snap detection (spec §4: 5000 ms)", () => {
  it("waits the full 5000 ms for MetaMask, then gives up", async () => {
    const asked = metaMask([null]);
    let result: boolean | null = null;
    void detectMetaMaskSnaps().then((found) => {
      result = found;
    });
    expect(limits.walletDetectionTimeoutMs).toBe(5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ target: "metamask-contentscript", data: { data: { method: "wallet_getSnaps" } } });
  });

  it("finds MetaMask when it answers, asking again after an unrelated answer", async () => {
    const asked = metaMask([{ id: "something-else" }, { id: "solflare-detect-metamask" }]);
    await expect(detectMetaMaskSnaps()).resolves.toBe(true);
    expect(asked).toHaveLength(2);
  });

  it("treats an error answer as no snaps", async () => {
    metaMask([{ id: "solflare-detect-metamask", error: { code: -32601 } }]);
    await expect(detectMetaMaskSnaps()).resolves.toBe(false);
  });

  it("ignores an answer that comes after the timeout", async () => {
    const asked = metaMask([null]);
    const detection = detectMetaMaskSnaps();
    await vi.advanceTimersByTimeAsync(5000);
    window.dispatchEvent(
      new MessageEvent("message", {
        data: {
          target: "metamask-inpage",
          data: { name: "metamask-provider", data: { id: "solflare-detect-metamask" } },
        },
      }),
    );
    await expect(detection).resolves.toBe(false);
    expect(asked).toHaveLength(1);
  });
});
