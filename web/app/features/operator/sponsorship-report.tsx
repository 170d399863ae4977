import type { OperatorSponsoredChain, OperatorSponsorship } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";
import { DailyChart } from "./daily-chart";
import styles from "./operator.module.css";

const number = (value: number) => value.toLocaleString("en-US");

/** One sponsored chain: its relayer, today's spend against the budget, the queue, outcomes and relays per day. */
function SponsoredChain({ chain }: { chain: OperatorSponsoredChain }) {
  const t = useT();
  const low = chain.balance !== null && Number(chain.balance) < Number(chain.low_balance);
  const amount = (value: string) => `${value} ${chain.symbol}`;
  const tiles: Array<[string, string, boolean]> = [
    [
      t("operator.sponsorship.balance"),
      chain.balance === null ? t("operator.sponsorship.unknown") : amount(chain.balance),
      low,
    ],
    [
      t("operator.sponsorship.spentToday"),
      t("operator.sponsorship.ofBudget", { spent: amount(chain.spent_today), budget: amount(chain.budget) }),
      false,
    ],
    [t("operator.sponsorship.reserved"), amount(chain.reserved_today), false],
    [t("operator.sponsorship.queue"), number(chain.queue_depth), false],
    [t("operator.sponsorship.waiting"), number(chain.waiting_over_minute), chain.waiting_over_minute > 0],
    [t("operator.sponsorship.confirmed"), number(chain.confirmed), false],
    [t("operator.sponsorship.failed"), number(chain.failed), false],
    [t("operator.sponsorship.replaced"), number(chain.replaced), false],
  ];
  return (
    <section aria-labelledby={`sponsored-${chain.chain_id}`} data-testid="sponsored-chain">
      <h2 id={`sponsored-${chain.chain_id}`}>
        {chain.chain_key} ({chain.chain_id}){" "}
        {low ? (
          <Badge tone="danger">{t("operator.sponsorship.low")}</Badge>
        ) : (
          <Badge tone="success">{t("operator.sponsorship.relaying")}</Badge>
        )}
      </h2>
      <p className={styles.muted}>
        {t("operator.sponsorship.relayer")} <span className={styles.mono}>{chain.relayer}</span>.{" "}
        {t("operator.sponsorship.pausesBelow", { amount: amount(chain.low_balance) })}
      </p>
      <dl className={styles.tiles}>
        {tiles.map(([label, value, warn]) => (
          <div key={label} className={styles.tile}>
            <dt>{label}</dt>
            <dd className={warn ? styles.warning : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <DailyChart
          title={t("operator.sponsorship.perDay", { chain: chain.chain_key })}
          dates={chain.days.map((day) => day.date)}
          series={[
            {
              key: "confirmed",
              label: t("operator.sponsorship.confirmed"),
              values: chain.days.map((day) => day.confirmed),
            },
            { key: "failed", label: t("operator.sponsorship.failed"), values: chain.days.map((day) => day.failed) },
          ]}
        />
      </Card>
    </section>
  );
}

/** The relayers of every sponsored chain. */
export function SponsorshipReport({ sponsorship }: { sponsorship: OperatorSponsorship }) {
  const t = useT();
  if (sponsorship.chains.length === 0) return <p>{t("operator.sponsorship.none")}</p>;
  return (
    <>
      {sponsorship.chains.map((chain) => (
        <SponsoredChain key={chain.chain_id} chain={chain} />
      ))}
    </>
  );
}
