import type { PublicChain, SponsoredAction } from "@arcana/protocol";
import { FormAlert } from "../../ui/form-alert";
import { shortAddress } from "../wallets/short-address";
import { formatTokenAmount, useNativeBalance } from "./native-balance";
import styles from "./sponsorship.module.css";
import { type GasPayer, useGasPayer, whyMemberPays } from "./use-sponsorship";

export interface GasStatusProps {
  chain: PublicChain | null;
  action: SponsoredAction;
  /** The member's bound wallet (whose balance pays when Arcana doesn't). */
  wallet: string | null;
  /** "check in", "mint your pass": finishes "To … you pay the gas …". */
  verb: string;
}

/**
 * Before the member signs anything: whether Arcana pays the gas for this action on this chain, and if it
 * doesn't and the wallet has none of the gas token, which token, on which network, the balance and
 * where to get it.
 */
export function GasStatus({ chain, action, wallet, verb }: GasStatusProps) {
  const payer = useGasPayer(chain, action);
  const balance = useNativeBalance(payer.payer === "member" ? chain : null, wallet);
  if (!chain) return null;
  return <GasStatusView chain={chain} payer={payer} balance={balance.data} wallet={wallet} verb={verb} />;
}

export function GasStatusView({
  chain,
  payer,
  balance,
  wallet,
  verb,
}: {
  chain: PublicChain;
  payer: GasPayer;
  /** Smallest units, decimal; undefined while unknown. */
  balance: string | undefined;
  wallet: string | null;
  verb: string;
}) {
  if (payer.payer === "unknown") return null;
  if (payer.payer === "arcana") {
    return (
      <p className={styles.free} data-testid="gas-free">
        Free: Arcana pays the gas on {chain.name}. You only sign in your wallet ({payer.leftToday} free{" "}
        {payer.leftToday === 1 ? "transaction" : "transactions"} left today).
      </p>
    );
  }
  const symbol = chain.native_currency.symbol;
  const why = whyMemberPays(payer.reason, chain);
  if (balance === undefined || BigInt(balance) > 0n) {
    return (
      <p className={styles.paid} data-testid="gas-paid">
        {why} You pay the gas in {symbol} on {chain.name}.
      </p>
    );
  }
  return (
    <FormAlert tone="info">
      <span data-testid="gas-needed">
        {why} To {verb} you pay the gas yourself, in {symbol} on {chain.name}, and your wallet
        {wallet ? ` ${shortAddress(wallet)}` : ""} holds{" "}
        {formatTokenAmount(BigInt(balance), chain.native_currency.decimals)} {symbol}.{" "}
        {chain.bridge_url ? (
          <a href={chain.bridge_url} target="_blank" rel="noreferrer">
            Get {symbol} on {chain.name}
          </a>
        ) : (
          `Send some ${symbol} on ${chain.name} to it first.`
        )}
      </span>
    </FormAlert>
  );
}
