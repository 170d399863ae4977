import type { MarketBox } from "@arcana/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import { Modal } from "../../ui/modal";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import styles from "./loot-box.module.css";
import { formatPercent, rewardLabel } from "./loot-box-display";
import { useBoxResults, usePurchase } from "./use-loot-box";

const maxPerPurchase = 10;

/** One box on sale: price, supply, limit, the full odds with what they produced, and buying. */
export function MarketCard({
  box,
  boxNames,
  limitLeft,
}: {
  box: MarketBox;
  boxNames: ReadonlyMap<string, string>;
  /** Null: no limit (or a visitor). */
  limitLeft: number | null;
}) {
  const t = useT();
  const member = useMember();
  const results = useBoxResults(box.id);
  const observed = results.data?.versions.find((version) => version.odds_version === box.odds_version);
  const soldOut = box.supply_left === 0;
  const limitReached = limitLeft === 0;
  const most = Math.max(1, Math.min(maxPerPurchase, box.supply_left ?? maxPerPurchase, limitLeft ?? maxPerPurchase));

  return (
    <Card as="article" data-testid={`box-${box.id}`} aria-labelledby={`box-${box.id}-name`}>
      <div className={styles.boxHead}>
        <h3 id={`box-${box.id}-name`}>{box.name}</h3>
        <span className={styles.price}>{formatPoints(box.price, t)}</span>
      </div>
      <p className={styles.muted}>{box.description}</p>
      <div className={styles.facts}>
        {soldOut ? (
          <Badge tone="danger">Sold out</Badge>
        ) : (
          <span data-testid="supply-left">
            {box.supply_left === null ? "Unlimited supply" : `${box.supply_left} of ${box.supply} left`}
          </span>
        )}
        <span>
          {box.per_member_limit === null ? "No limit per member" : `Limit ${box.per_member_limit} per member`}
        </span>
        {member && limitLeft !== null && <span>{limitLeft} left for you</span>}
      </div>
      <table className={styles.odds}>
        <caption>
          Odds (version {box.odds_version}) and what they gave in the last {results.data?.window_days ?? 90} days
        </caption>
        <thead>
          <tr>
            <th scope="col">Reward</th>
            <th scope="col">Chance</th>
            <th scope="col">Seen</th>
          </tr>
        </thead>
        <tbody>
          {box.odds.map((entry, index) => {
            const seen = observed?.rewards[index];
            return (
              <tr key={`${entry.reward.kind}:${entry.reward.amount ?? entry.reward.box_id ?? ""}:${entry.weight}`}>
                <td>{rewardLabel(entry.reward, boxNames)}</td>
                <td>{formatPercent(entry.probability)}</td>
                <td>{seen && observed && observed.total > 0 ? `${formatPercent(seen.share)} (${seen.count})` : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.muted}>
        {observed ? `${observed.total} openings in the last ${results.data?.window_days} days.` : null}
        {results.isError ? "The observed results are not available right now." : null}
      </p>
      {member ? (
        <BuyBox box={box} most={most} disabled={soldOut || limitReached} balance={member.pts} />
      ) : (
        <p>
          <Link to="/auth?redirect=%2Floot-box">Sign in</Link> to buy boxes with your points.
        </p>
      )}
      {member && limitReached && !soldOut && <p className={styles.muted}>You have bought all the boxes allowed.</p>}
    </Card>
  );
}

function BuyBox({
  box,
  most,
  disabled,
  balance,
}: {
  box: MarketBox;
  most: number;
  disabled: boolean;
  balance: number;
}) {
  const t = useT();
  const [quantity, setQuantity] = useState("1");
  const [confirming, setConfirming] = useState<{ quantity: number; key: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const purchase = usePurchase();
  const wanted = Number(quantity);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= most;
  const cost = valid ? wanted * box.price : 0;

  async function confirm() {
    if (!confirming) return;
    setNotice(null);
    try {
      const result = await purchase.mutateAsync({ boxId: box.id, quantity: confirming.quantity, key: confirming.key });
      setNotice({
        tone: "success",
        text: `Bought ${result.quantity} × ${box.name} for ${formatPoints(result.spent, t)}. Open ${result.quantity === 1 ? "it" : "them"} below.`,
      });
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, t) });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <>
      <form
        className={styles.buy}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) setConfirming({ quantity: wanted, key: crypto.randomUUID() });
        }}
      >
        <Input
          className={styles.quantity}
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          step={1}
          value={quantity}
          disabled={disabled}
          onChange={(event) => setQuantity(event.target.value)}
          error={quantity !== "" && !valid ? `1 to ${most}` : undefined}
        />
        <Button type="submit" disabled={disabled || !valid}>
          {disabled ? (box.supply_left === 0 ? "Sold out" : "Limit reached") : `Buy for ${formatPoints(cost, t)}`}
        </Button>
      </form>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Buy ${confirming?.quantity ?? 0} × ${box.name}?`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              loading={purchase.isPending}
              disabled={balance < (confirming?.quantity ?? 0) * box.price}
              onClick={() => void confirm()}
            >
              Confirm purchase
            </Button>
          </>
        }
      >
        {confirming && (
          <div data-testid="purchase-confirmation">
            <p>
              This costs <strong>{formatPoints(confirming.quantity * box.price, t)}</strong>. Your balance after:{" "}
              <strong>{formatPoints(balance - confirming.quantity * box.price, t)}</strong>.
            </p>
            {balance < confirming.quantity * box.price && (
              <FormAlert>You need {formatPoints(confirming.quantity * box.price - balance, t)} more.</FormAlert>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
