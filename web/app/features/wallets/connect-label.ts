import type { EvmWalletState } from "../../wallet-runtime/wallet-store";

/**
 * The label of every button that connects a wallet (spec §2), in one place so it reads, and
 * translates, the same everywhere: "Connect Wallet", or "Connect" once a wallet is chosen (the
 * Solana button); "Connecting ...", "Reconnecting ...", "Connected".
 */
export function connectLabel(
  status: EvmWalletState["status"],
  { walletChosen = false }: { walletChosen?: boolean } = {},
): string {
  switch (status) {
    case "connecting":
      return "Connecting ...";
    case "reconnecting":
      return "Reconnecting ...";
    case "connected":
      return "Connected";
    case "disconnected":
      return walletChosen ? "Connect" : "Connect Wallet";
  }
}
