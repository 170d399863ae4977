import { describe, expect, it } from "vitest";
import { testT } from "../../test/fixtures";
import type { WalletOption } from "../../wallet-runtime/wallet-store";

const t = testT();

import { connectButtonDisabled, connectButtonLabel, mobileDeepLink, orderWallets, splitFeatured } from "./wallet-list";

const wallet = (name: string, readyState: WalletOption["readyState"]): WalletOption => ({
  id: name,
  name,
  icon: "data:,",
  url: "",
  readyState,
});

describe("the connect modal's wallet list", () => {
  it("lists installed wallets first, then loadable, then not detected, keeping their order otherwise", () => {
    const ordered = orderWallets([
      wallet("Clover", "NotDetected"),
      wallet("Solflare", "Loadable"),
      wallet("Phantom", "Installed"),
      wallet("Backpack", "Installed"),
      wallet("Old", "Unsupported"),
    ]);
    expect(ordered.map((w) => w.name)).toEqual(["Phantom", "Backpack", "Solflare", "Clover"]);
  });

  it("features three wallets and puts the rest behind More options", () => {
    const { featured, more } = splitFeatured(["A", "B", "C", "D", "E"].map((n) => wallet(n, "Installed")));
    expect(featured.map((w) => w.name)).toEqual(["A", "B", "C"]);
    expect(more.map((w) => w.name)).toEqual(["D", "E"]);
  });
});

describe("the connect button", () => {
  it("reads Connect Wallet, Connect, Connecting ... and Connected through the states", () => {
    expect(connectButtonLabel(t, { walletName: null, connecting: false, connected: false })).toBe("Connect Wallet");
    expect(connectButtonLabel(t, { walletName: "Phantom", connecting: false, connected: false })).toBe("Connect");
    expect(connectButtonLabel(t, { walletName: "Phantom", connecting: true, connected: false })).toBe("Connecting ...");
    expect(connectButtonLabel(t, { walletName: "Phantom", connecting: false, connected: true })).toBe("Connected");
  });

  it("is disabled only while connecting or connected", () => {
    expect(connectButtonDisabled({ walletName: "Phantom", connecting: false, connected: false })).toBe(false);
    expect(connectButtonDisabled({ walletName: "Phantom", connecting: true, connected: false })).toBe(true);
    expect(connectButtonDisabled({ walletName: "Phantom", connecting: false, connected: true })).toBe(true);
  });
});

describe("mobile deep links", () => {
  it("opens Phantom and Solflare's in-app browser on this page, other wallets not", () => {
    const page = "https://arcana.example/genesis-pass?x=1";
    const origin = "https://arcana.example";
    expect(mobileDeepLink("Phantom", page, origin)).toBe(
      "https://phantom.app/ul/browse/https%3A%2F%2Farcana.example%2Fgenesis-pass%3Fx%3D1?ref=https%3A%2F%2Farcana.example",
    );
    expect(mobileDeepLink("Solflare", page, origin)).toBe(
      "https://solflare.com/ul/v1/browse/https%3A%2F%2Farcana.example%2Fgenesis-pass%3Fx%3D1?ref=https%3A%2F%2Farcana.example",
    );
    expect(mobileDeepLink("Clover", page, origin)).toBeNull();
  });
});
