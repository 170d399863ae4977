import type { Translate } from "../../i18n/use-t";
import type { EvmWalletState } from "../../wallet-runtime/wallet-store";

/**
 * The label of every button that connects a wallet (spec §2), in one place so it reads, and
 * translates, the same everywhere: "Connect Wallet", or "Connect" once a wallet is chosen (the
 * Solana button); "Connecting ...", "Reconnecting ...", "Connected".
 */
export function connectLabel(
  t: Translate,
  status: EvmWalletState["status"],
  { walletChosen = false }: { walletChosen?: boolean } = {},
): string {
  return t("shell.wallet.status", { status: status === "disconnected" && walletChosen ? "chosen" : status });
}
