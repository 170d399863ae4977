import { describe, expect, it } from "vitest";
import { testT } from "../../test/fixtures";
import { connectLabel } from "./connect-label";
import { canWrite, type WalletGateInputs, walletGate } from "./wallet-gate";

const bound = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" as const;
const other = "0x2222222222222222222222222222222222222222" as const;
const local = { id: 31337, name: "Local chain" };
const opBNB = { id: 204, name: "opBNB" };

function inputs(overrides: Partial<WalletGateInputs> = {}): WalletGateInputs {
  return {
    member: { wallet_address: bound },
    wallet: { status: "connected", address: bound, chainId: 31337 },
    target: local,
    chains: [local, opBNB],
    ...overrides,
  };
}

describe("whether the member can write with this wallet on this chain now", () => {
  it("lets the bound wallet write on the target network", () => {
    expect(walletGate(inputs())).toEqual({ status: "ready", address: bound });
    // The same account in another case is the same wallet.
    expect(
      walletGate(
        inputs({ wallet: { status: "connected", address: `0x${bound.slice(2).toUpperCase()}`, chainId: 31337 } }),
      ).status,
    ).toBe("ready");
  });

  it("asks a visitor to sign in and a member without a bound wallet to bind one, whatever the wallet says", () => {
    expect(walletGate(inputs({ member: null }))).toEqual({ status: "sign-in" });
    expect(walletGate(inputs({ member: { wallet_address: null } }))).toEqual({ status: "not-bound" });
  });

  it("waits for a wallet that is not connected, saying whether it is on its way", () => {
    expect(walletGate(inputs({ wallet: { status: "disconnected", address: null, chainId: null } }))).toEqual({
      status: "not-connected",
      pending: null,
    });
    expect(walletGate(inputs({ wallet: { status: "reconnecting", address: bound, chainId: 31337 } }))).toEqual({
      status: "not-connected",
      pending: "reconnecting",
    });
    expect(walletGate(inputs({ wallet: { status: "connecting", address: null, chainId: null } })).status).toBe(
      "not-connected",
    );
  });

  it("stops another account than the bound one", () => {
    expect(walletGate(inputs({ wallet: { status: "connected", address: other, chainId: 31337 } }))).toEqual({
      status: "wrong-account",
      connected: other,
      bound,
    });
  });

  it("names both networks when the wallet is on another one, and still lets the write go (it switches first)", () => {
    const gate = walletGate(inputs({ wallet: { status: "connected", address: bound, chainId: 204 } }));
    expect(gate).toEqual({ status: "wrong-network", address: bound, expected: "Local chain", received: "opBNB" });
    expect(canWrite(gate)).toBe(true);
    expect(walletGate(inputs({ wallet: { status: "connected", address: bound, chainId: 1 } }))).toMatchObject({
      received: "chain 1",
    });
  });

  it("lets nothing else write", () => {
    const stopped: Array<Partial<WalletGateInputs>> = [
      { member: null },
      { member: { wallet_address: null } },
      { wallet: { status: "disconnected" as const, address: null, chainId: null } },
      { wallet: { status: "connected" as const, address: other, chainId: 31337 } },
    ];
    for (const overrides of stopped) {
      expect(canWrite(walletGate(inputs(overrides)))).toBe(false);
    }
  });
});

describe("the Connect button's label", () => {
  const t = testT();
  it("reads the same on every button", () => {
    expect(connectLabel(t, "disconnected")).toBe("Connect Wallet");
    expect(connectLabel(t, "disconnected", { walletChosen: true })).toBe("Connect");
    expect(connectLabel(t, "connecting")).toBe("Connecting ...");
    expect(connectLabel(t, "reconnecting")).toBe("Reconnecting ...");
    expect(connectLabel(t, "connected")).toBe("Connected");
  });
});
