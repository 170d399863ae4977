import type { PublicChain, SponsoredAction } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { FormAlert } from "../../ui/form-alert";
import { shortAddress } from "../wallets/short-address";
import { formatTokenAmount, useNativeBalance } from "./native-balance";
import styles from "./sponsorship.module.css";
import { type GasPayer, useGasPayer, whyMemberPays } from "./use-sponsorship";

export interface GasStatusProps {
  chain: PublicChain | null;
  action: SponsoredAction;
  /** The member's bound wallet (whose balance pays when the operator doesn't). */
  wallet: string | null;
  /** "check in", "mint your pass", in the page's language: finishes "To … you pay the gas …". */
  verb: string;
}

/**
 * Before the member signs anything: whether the operator pays the gas for this action on this chain, and if
 * it doesn't and the wallet has none of the gas token, which token, on which network, the balance and
 * where to get it.
 */
export function GasStatus({ chain, action, wallet, verb }: GasStatusProps) {
  const payer = useGasPayer(chain, action);
  const balance = useNativeBalance(payer.payer === "member" ? chain : null, wallet);
  if (!chain) return null;
  return <GasStatusView chain={chain} payer={payer} balance={balance.data} wallet={wallet} verb={verb} />;
}

/** Marks where the next step goes in a message, to split it around the link. */
const next = "\u0000";

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
  const t = useT();
  if (payer.payer === "unknown") return null;
  const network = chain.name;
  if (payer.payer === "arcana") {
    return (
      <p className={styles.free} data-testid="gas-free">
        {t("modal.gas.free", { network, left: payer.leftToday })}
      </p>
    );
  }
  const symbol = chain.native_currency.symbol;
  const why = whyMemberPays(payer.reason, chain, t);
  if (balance === undefined || BigInt(balance) > 0n) {
    return (
      <p className={styles.paid} data-testid="gas-paid">
        {t("modal.gas.paid", { why, symbol, network })}
      </p>
    );
  }
  const amount = formatTokenAmount(BigInt(balance), chain.native_currency.decimals);
  // What to do next (the bridge link, or a sentence) sits where each language's message puts it.
  const [before = "", after = ""] = (
    wallet
      ? t("modal.gas.neededWallet", { why, verb, symbol, network, wallet: shortAddress(wallet), balance: amount, next })
      : t("modal.gas.needed", { why, verb, symbol, network, balance: amount, next })
  ).split(next);
  return (
    <FormAlert tone="info">
      <span data-testid="gas-needed">
        {before}
        {chain.bridge_url ? (
          <a href={chain.bridge_url} target="_blank" rel="noreferrer">
            {t("modal.gas.bridge", { symbol, network })}
          </a>
        ) : (
          t("modal.gas.sendFirst", { symbol, network })
        )}
        {after}
      </span>
    </FormAlert>
  );
}
