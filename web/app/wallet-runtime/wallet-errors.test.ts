import { describe, expect, it } from "vitest";
import { ChainMismatchError } from "./evm-chain";
import { walletErrorMessage } from "./wallet-errors";

function rpcError(code: number, message = "wallet error", cause?: unknown) {
  return Object.assign(new Error(message, { cause }), { code });
}

function named(name: string, message = "") {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe("wallet error messages", () => {
  it("says the request was rejected for code 4001, however deeply the wallet's error is wrapped", () => {
    expect(walletErrorMessage(rpcError(4001))).toMatch(/^Request rejected/);
    expect(walletErrorMessage(rpcError(4902, "switch failed", rpcError(4001)))).toMatch(/^Request rejected/);
  });

  it("says a request is already open in the wallet for code -32002", () => {
    expect(walletErrorMessage(rpcError(4902, "switch failed", rpcError(-32002)))).toBe(
      "A request is already open in your wallet. Open your wallet to finish or dismiss it.",
    );
  });

  it("keeps the wallet error's name next to a friendly sentence", () => {
    expect(walletErrorMessage(named("WalletNotSelectedError"))).toBe("Choose a wallet first. (WalletNotSelectedError)");
    expect(walletErrorMessage(named("WalletNotReadyError"))).toMatch(/\(WalletNotReadyError\)$/);
    expect(walletErrorMessage(named("ChainNotConfiguredError"))).toMatch(/not configured/);
  });

  it("names both chains on a chain mismatch", () => {
    const error = new ChainMismatchError({ id: 204, name: "opBNB" }, { id: 31337, name: "Local chain" });
    expect(walletErrorMessage(error)).toBe("Chain mismatch: Expected opBNB, received Local chain.");
  });
});
