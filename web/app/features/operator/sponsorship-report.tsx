import type { OperatorSponsoredChain, OperatorSponsorship } from "@arcana/protocol";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";
import { DailyChart } from "./daily-chart";
import styles from "./operator.module.css";

const number = (value: number) => value.toLocaleString("en-US");

/** One sponsored chain: its relayer, today's spend against the budget, the queue, outcomes and relays per day. */
function SponsoredChain({ chain }: { chain: OperatorSponsoredChain }) {
  const low = chain.balance !== null && Number(chain.balance) < Number(chain.low_balance);
  const amount = (value: string) => `${value} ${chain.symbol}`;
  const tiles: Array<[string, string, boolean]> = [
    ["Relayer balance", chain.balance === null ? "unknown (RPC unreachable)" : amount(chain.balance), low],
    ["Spent today (GMT)", `${amount(chain.spent_today)} of ${amount(chain.budget)}`, false],
    ["Reserved today", amount(chain.reserved_today), false],
    ["Queue", number(chain.queue_depth), false],
    ["Waiting over a minute", number(chain.waiting_over_minute), chain.waiting_over_minute > 0],
    ["Confirmed", number(chain.confirmed), false],
    ["Failed", number(chain.failed), false],
    ["Replaced transactions", number(chain.replaced), false],
  ];
  return (
    <section aria-labelledby={`sponsored-${chain.chain_id}`} data-testid="sponsored-chain">
      <h2 id={`sponsored-${chain.chain_id}`}>
        {chain.chain_key} ({chain.chain_id}){" "}
        {low ? <Badge tone="danger">Low on funds: sponsorship paused</Badge> : <Badge tone="success">Relaying</Badge>}
      </h2>
      <p className={styles.muted}>
        Relayer <span className={styles.mono}>{chain.relayer}</span>; sponsorship pauses below{" "}
        {amount(chain.low_balance)}.
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
          title={`Sponsored actions per day on ${chain.chain_key}`}
          dates={chain.days.map((day) => day.date)}
          series={[
            { key: "confirmed", label: "Confirmed", values: chain.days.map((day) => day.confirmed) },
            { key: "failed", label: "Failed", values: chain.days.map((day) => day.failed) },
          ]}
        />
      </Card>
    </section>
  );
}

/** The relayers of every sponsored chain. */
export function SponsorshipReport({ sponsorship }: { sponsorship: OperatorSponsorship }) {
  if (sponsorship.chains.length === 0) {
    return (
      <p>
        No chain is sponsored: each needs a forwarder, a relayer key (<code>RELAYER_PRIVATE_KEY</code>) and an entry in
        the economy file's <code>sponsorship.chains</code>.
      </p>
    );
  }
  return (
    <>
      {sponsorship.chains.map((chain) => (
        <SponsoredChain key={chain.chain_id} chain={chain} />
      ))}
    </>
  );
}
