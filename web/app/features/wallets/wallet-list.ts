import { limits } from "@arcana/protocol";
import type { Translate } from "../../i18n/use-t";
import type { WalletOption, WalletReadiness } from "../../wallet-runtime/wallet-store";
import { connectLabel } from "./connect-label";

const readinessOrder: Record<WalletReadiness, number> = { Installed: 0, Loadable: 1, NotDetected: 2, Unsupported: 3 };

/** Installed first, then loadable, then not detected (spec §2); unsupported wallets are not offered. */
export function orderWallets(wallets: WalletOption[]): WalletOption[] {
  return wallets
    .filter((wallet) => wallet.readyState !== "Unsupported")
    .map((wallet, index) => ({ wallet, index }))
    .sort((a, b) => readinessOrder[a.wallet.readyState] - readinessOrder[b.wallet.readyState] || a.index - b.index)
    .map(({ wallet }) => wallet);
}

/** The first wallets are featured; the rest wait behind "More options" (spec §2, §9). */
export function splitFeatured(wallets: WalletOption[], featured: number = limits.featuredWallets) {
  return { featured: wallets.slice(0, featured), more: wallets.slice(featured) };
}

export interface ConnectButtonState {
  walletName: string | null;
  connecting: boolean;
  connected: boolean;
}

/** The trigger's label (spec §2), as every Connect button words it (./wallet-gate.ts). */
export function connectButtonLabel(t: Translate, { walletName, connecting, connected }: ConnectButtonState): string {
  return connectLabel(t, connecting ? "connecting" : connected ? "connected" : "disconnected", {
    walletChosen: walletName !== null,
  });
}

/** Disabled while connecting or connected (spec §2). */
export function connectButtonDisabled({ connecting, connected }: ConnectButtonState): boolean {
  return connecting || connected;
}

/**
 * On a phone, a Phantom or Solflare that can only be loaded means "open this page in the wallet's
 * own browser": its deep-link browse page with the page address and origin (spec §4).
 */
export function mobileDeepLink(walletName: string, pageUrl: string, origin: string): string | null {
  const url = encodeURIComponent(pageUrl);
  const ref = encodeURIComponent(origin);
  if (walletName === "Phantom") return `https://phantom.app/ul/browse/${url}?ref=${ref}`;
  if (walletName === "Solflare") return `https://solflare.com/ul/v1/browse/${url}?ref=${ref}`;
  return null;
}
