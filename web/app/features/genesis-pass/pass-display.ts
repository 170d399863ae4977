import type { Pass, PublicChain } from "@arcana/protocol";
import type { Translate } from "../../i18n/use-t";

/** One pass as its card shows it. */
export interface PassCard {
  tokenId: number;
  chainId: number;
  chainName: string;
  /** What members must know about paying gas there (zkFair: USDC). */
  gasNote: string | null;
  /** What gas is paid in there, for "not enough ETH" messages. */
  gasCurrency: string;
  /** The GenesisPass contract on that chain; null when this deployment does not list it. */
  contract: `0x${string}` | null;
  staked: boolean;
  /** When the current stake began, in milliseconds since the epoch. */
  stakedSinceMs: number | null;
}

/**
 * The member's passes as cards, as the server lists them (already one per token id), in a stable
 * order (by chain, then token) so cards never jump around between refreshes.
 */
export function passCards(
  passes: Pass[],
  chains: Pick<PublicChain, "id" | "name" | "gas_note" | "contracts" | "native_currency">[],
) {
  return passes
    .map((pass): PassCard => {
      const chain = chains.find((candidate) => candidate.id === pass.chain_id);
      const staked = pass.stake_info?.staked === true;
      return {
        tokenId: pass.token_id,
        chainId: pass.chain_id,
        chainName: chain?.name ?? `Chain ${pass.chain_id}`,
        gasNote: chain?.gas_note ?? null,
        gasCurrency: chain?.native_currency.symbol ?? "gas",
        contract: chain?.contracts.genesis_pass ?? null,
        staked,
        stakedSinceMs: staked && pass.stake_info?.since ? pass.stake_info.since * 1000 : null,
      };
    })
    .sort((a, b) => a.chainId - b.chainId || a.tokenId - b.tokenId);
}

/** "2025-03-01 12:00 UTC": the same text on the server and in every browser, until local time replaces it. */
export function formatUtcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "3h 05m", "2d 4h", "45s": how long a pass has been earning since its last claim, in the page's language. */
export function formatDuration(totalSeconds: number, t: Translate): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  if (days > 0) return t("pass.duration.days", { days: String(days), hours: String(hours) });
  if (hours > 0) return t("pass.duration.hours", { hours: String(hours), minutes: twoDigits(minutes) });
  if (minutes > 0) return t("pass.duration.minutes", { minutes: String(minutes), seconds: twoDigits(seconds % 60) });
  return t("pass.duration.seconds", { seconds: String(seconds) });
}
