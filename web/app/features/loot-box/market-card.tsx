import type { MarketBox } from "@arcana/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { aroundArgument, useT } from "../../i18n/use-t";
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
import { formatShare, rewardLabel } from "./loot-box-display";
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
  const locale = t.language ?? "en";
  const member = useMember();
  const results = useBoxResults(box.id);
  const observed = results.data?.versions.find((version) => version.odds_version === box.odds_version);
  const soldOut = box.supply_left === 0;
  const limitReached = limitLeft === 0;
  const most = Math.max(1, Math.min(maxPerPurchase, box.supply_left ?? maxPerPurchase, limitLeft ?? maxPerPurchase));
  const signInToBuy = aroundArgument(t, "loot.signInToBuy", "signIn");

  return (
    <Card as="article" data-testid={`box-${box.id}`} aria-labelledby={`box-${box.id}-name`}>
      <div className={styles.boxHead}>
        <h3 id={`box-${box.id}-name`}>{box.name}</h3>
        <span className={styles.price}>{formatPoints(box.price, t)}</span>
      </div>
      <p className={styles.muted}>{box.description}</p>
      <div className={styles.facts}>
        {soldOut ? (
          <Badge tone="danger">{t("loot.soldOut")}</Badge>
        ) : (
          <span data-testid="supply-left">
            {box.supply_left === null
              ? t("loot.supplyUnlimited")
              : t("loot.supplyLeft", { left: box.supply_left, supply: box.supply ?? 0 })}
          </span>
        )}
        <span>
          {box.per_member_limit === null
            ? t("loot.noLimit")
            : t("loot.limitPerMember", { limit: box.per_member_limit })}
        </span>
        {member && limitLeft !== null && <span>{t("loot.leftForYou", { left: limitLeft })}</span>}
      </div>
      <table className={styles.odds}>
        <caption>{t("loot.oddsCaption", { version: box.odds_version, days: results.data?.window_days ?? 90 })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("loot.odds.reward")}</th>
            <th scope="col">{t("loot.odds.chance")}</th>
            <th scope="col">{t("loot.odds.seen")}</th>
          </tr>
        </thead>
        <tbody>
          {box.odds.map((entry, index) => {
            const seen = observed?.rewards[index];
            return (
              <tr key={`${entry.reward.kind}:${entry.reward.amount ?? entry.reward.box_id ?? ""}:${entry.weight}`}>
                <td>{rewardLabel(entry.reward, boxNames, t)}</td>
                <td>{formatShare(entry.probability, locale)}</td>
                <td>
                  {seen && observed && observed.total > 0
                    ? t("loot.odds.seenShare", { share: formatShare(seen.share, locale), count: seen.count })
                    : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.muted}>
        {observed ? t("loot.openings", { total: observed.total, days: results.data?.window_days ?? 90 }) : null}
        {results.isError ? t("loot.resultsUnavailable") : null}
      </p>
      {member ? (
        <BuyBox box={box} most={most} disabled={soldOut || limitReached} balance={member.pts} />
      ) : (
        <p>
          {signInToBuy[0]}
          <Link to="/auth?redirect=%2Floot-box">{t("shell.signIn")}</Link>
          {signInToBuy[1]}
        </p>
      )}
      {member && limitReached && !soldOut && <p className={styles.muted}>{t("loot.limitReachedNote")}</p>}
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
  const costs = aroundArgument(t, "loot.costs", "cost");
  const balanceAfter = aroundArgument(t, "loot.balanceAfter", "after");

  async function confirm() {
    if (!confirming) return;
    setNotice(null);
    try {
      const result = await purchase.mutateAsync({ boxId: box.id, quantity: confirming.quantity, key: confirming.key });
      setNotice({
        tone: "success",
        text: t("loot.bought", { quantity: result.quantity, box: box.name, spent: formatPoints(result.spent, t) }),
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
          label={t("loot.quantity")}
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          step={1}
          value={quantity}
          disabled={disabled}
          onChange={(event) => setQuantity(event.target.value)}
          error={quantity !== "" && !valid ? t("loot.quantityRange", { most }) : undefined}
        />
        <Button type="submit" disabled={disabled || !valid}>
          {disabled
            ? t(box.supply_left === 0 ? "loot.soldOut" : "loot.limitReached")
            : t("loot.buyFor", { cost: formatPoints(cost, t) })}
        </Button>
      </form>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t("loot.confirmTitle", { quantity: confirming?.quantity ?? 0, box: box.name })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t("loot.cancel")}
            </Button>
            <Button
              loading={purchase.isPending}
              disabled={balance < (confirming?.quantity ?? 0) * box.price}
              onClick={() => void confirm()}
            >
              {t("loot.confirm")}
            </Button>
          </>
        }
      >
        {confirming && (
          <div data-testid="purchase-confirmation">
            <p>
              {costs[0]}
              <strong>{formatPoints(confirming.quantity * box.price, t)}</strong>
              {costs[1]} {balanceAfter[0]}
              <strong>{formatPoints(balance - confirming.quantity * box.price, t)}</strong>
              {balanceAfter[1]}
            </p>
            {balance < confirming.quantity * box.price && (
              <FormAlert>
                {t("loot.needMore", { more: formatPoints(confirming.quantity * box.price - balance, t) })}
              </FormAlert>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
