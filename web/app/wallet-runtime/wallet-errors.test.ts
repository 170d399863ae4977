import { describe, expect, it } from "vitest";
import { testT } from "../test/fixtures";
import { useToastStore } from "../ui/toast-store";
import { ChainMismatchError } from "./evm-chain";
import { walletErrorMessage as sayIn, showWalletError } from "./wallet-errors";

const en = testT("en");
const walletErrorMessage = (error: unknown) => sayIn(error, en);

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

  it("says each of them in the page's language, keeping the error's name", () => {
    const ko = testT("ko");
    expect(sayIn(rpcError(4001), ko)).toBe("요청이 거부되었습니다: 지갑에서 거절했습니다.");
    expect(sayIn(rpcError(4902, "switch failed", rpcError(-32002)), testT("ja"))).toBe(
      "ウォレットで未完了のリクエストがすでに開いています。ウォレットを開いて完了するか閉じてください。",
    );
    expect(sayIn(named("WalletNotSelectedError"), testT("zh-CN"))).toBe("请先选择一个钱包。 (WalletNotSelectedError)");
    expect(sayIn(named("ProviderNotFoundError"), testT("tr"))).toBe(
      "Bu tarayıcıda cüzdan bulunamadı. (ProviderNotFoundError)",
    );
    // wagmi's English names both networks; another language says it in its own words, with the name.
    const mismatch = new ChainMismatchError({ id: 204, name: "opBNB" }, { id: 31337, name: "Local chain" });
    expect(sayIn(mismatch, testT("vi"))).toBe("Ví của bạn đang ở một mạng khác. (ChainMismatchError)");
    // An error this app does not know keeps the wallet's own first line; one without a message, ours.
    expect(sayIn(new Error("Snap install failed\nstack"), ko)).toBe("Snap install failed");
    expect(sayIn(new Error(""), ko)).toBe("지갑에서 오류가 발생했습니다.");
  });

  it("shows a toast that is said in the language of the page showing it", () => {
    useToastStore.setState({ toasts: [] });
    showWalletError(rpcError(4001));
    const [toast] = useToastStore.getState().toasts;
    expect(typeof toast?.message).toBe("function");
    const say = toast?.message as (t: typeof en) => string;
    expect(say(en)).toBe("Request rejected: you declined it in your wallet.");
    expect(say(testT("ko"))).toBe("요청이 거부되었습니다: 지갑에서 거절했습니다.");
  });
});
