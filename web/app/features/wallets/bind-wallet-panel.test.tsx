import type { User } from "@arcana/protocol";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testChain, testConfig, testMember } from "../../test/fixtures";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { disconnectedEvm, initialSolana, useWalletStore } from "../../wallet-runtime/wallet-store";
import BindWalletPanel from "./bind-wallet-panel";

const boundWallet = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
const otherWallet = "0x2222222222222222222222222222222222222222";
const boundSolana = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const member = testMember({ level: "bronze" });

function renderPanel(user: User) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ data: user })),
  );
  renderAsRoot(BindWalletPanel, () =>
    testRootData(user, {
      evmWallet: disconnectedEvm,
      config: testConfig({ default_chain_id: 31337, chains: [testChain()] }),
    }),
  );
}

function connectEvm(address: `0x${string}`) {
  useWalletStore.setState({
    evm: { status: "connected", address, chainId: 31337, connectorName: "Arcana Test Wallet" },
    evmLive: true,
  });
}

describe("the bind wallet modal", () => {
  beforeEach(() => {
    useWalletStore.setState({ evm: disconnectedEvm, evmLive: false, solana: initialSolana });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers to bind the connected wallet when none is bound yet", async () => {
    connectEvm(otherWallet);
    renderPanel(member);
    expect(await screen.findByRole("button", { name: "Bind this wallet" })).toBeTruthy();
    expect(screen.getByTestId("bound-evm").textContent).toBe("None yet");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("warns when the connected EVM wallet is not the bound one, and offers no second binding", async () => {
    connectEvm(otherWallet);
    renderPanel({ ...member, wallet_address: boundWallet });
    const warning = await screen.findByRole("alert");
    expect(warning.textContent).toContain(
      `The connected wallet ${otherWallet} is not your bound wallet ${boundWallet}`,
    );
    expect(screen.queryByRole("button", { name: "Bind this wallet" })).toBeNull();
  });

  it("treats the bound wallet in another letter case as the same wallet", async () => {
    connectEvm(`0x${boundWallet.slice(2).toLowerCase()}`);
    renderPanel({ ...member, wallet_address: boundWallet });
    expect((await screen.findByTestId("bound-evm")).textContent).toBe(boundWallet);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("warns when the connected Solana wallet is not the bound address", async () => {
    useWalletStore.setState({
      solana: {
        ...initialSolana,
        walletName: "Phantom",
        connected: true,
        publicKey: "11111111111111111111111111111111",
      },
    });
    renderPanel({ ...member, solana_address: boundSolana });
    const warning = await screen.findByRole("alert");
    expect(warning.textContent).toContain(`not your bound address ${boundSolana}`);
    expect(screen.queryByRole("button", { name: "Bind Solana address" })).toBeNull();
  });
});
