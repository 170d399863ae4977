import { DAY_MS, type PublicChain, type StakingRewards } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { formatPoints } from "../account/points";
import styles from "./genesis-pass.module.css";
import { formatDuration } from "./pass-display";
import { RetryAlert } from "./retry-alert";
import { LoadingLines } from "./skeletons";
import { formatRewardCountdown, nextPointAt, useRewardCountdown } from "./staking-reward-countdown";

export interface StakingRewardsPanelProps {
  rewards: StakingRewards | undefined;
  /** When the rewards were fetched (this browser's clock). */
  fetchedAt: number;
  failed: boolean;
  onRetry: () => void;
  /** Asks the server again, e.g. when the countdown reaches zero. */
  onRefresh: () => void;
  chains: Pick<PublicChain, "id" | "name">[];
  /** "all", a token id, or null: the claim under way. */
  claiming: "all" | number | null;
  onClaimAll: () => void;
  onClaimOne: (tokenId: number, chainId: number) => void;
}

/** Staking rewards: the total pending, the countdown to the next point, claim one or all. */
export function StakingRewardsPanel(props: StakingRewardsPanelProps) {
  const t = useT();
  return (
    <Card aria-labelledby="rewards-title" data-testid="rewards">
      <CardTitle id="rewards-title">{t("pass.rewards.title")}</CardTitle>
      <RewardsBody {...props} />
    </Card>
  );
}

function RewardsBody({
  rewards,
  fetchedAt,
  failed,
  onRetry,
  onRefresh,
  chains,
  claiming,
  onClaimAll,
  onClaimOne,
}: StakingRewardsPanelProps) {
  const t = useT();
  const deadline = rewards ? nextPointAt(fetchedAt, rewards.next_point_in_ms) : null;
  const left = useRewardCountdown(deadline, onRefresh);

  if (!rewards) {
    if (failed) {
      return <RetryAlert onRetry={onRetry}>{t("pass.rewards.loadFailed")}</RetryAlert>;
    }
    return <LoadingLines label={t("pass.rewards.loading")} />;
  }
  if (rewards.passes.length === 0) {
    return <p className={styles.muted}>{t("pass.rewards.nothingStaked")}</p>;
  }

  const rate = rewards.passes[0]?.rate_per_day ?? 0;
  // Seconds since the answer arrived, read off the countdown's clock so "earning for" keeps moving.
  const secondsSinceFetch = deadline !== null && left !== null ? Math.floor((deadline - left - fetchedAt) / 1000) : 0;
  // One pass earns a point every DAY / rate; the meter shows how far along the next one is.
  const pointEveryMs = rate > 0 ? DAY_MS / rate : null;
  const progress = left !== null && pointEveryMs ? Math.min(1, Math.max(0, 1 - left / pointEveryMs)) : 0;

  return (
    <>
      <div className={styles.total}>
        <div>
          <p className={styles.muted}>{t("pass.rewards.pending")}</p>
          <p className={styles.totalPoints} data-testid="total-pending">
            {formatPoints(rewards.total_pending, t)}
          </p>
        </div>
        <Button
          loading={claiming === "all"}
          disabled={rewards.total_pending === 0 || claiming !== null}
          onClick={onClaimAll}
        >
          {t("pass.rewards.claimAll")}
        </Button>
      </div>
      {deadline !== null && (
        <div className={styles.countdown}>
          <p className={styles.countdownText}>
            <span>{t("pass.rewards.nextPoint")}</span>
            <span className={styles.countdownValue} data-testid="next-point">
              {left === null ? "–:––" : formatRewardCountdown(left)}
            </span>
          </p>
          <div className={styles.meter} aria-hidden="true">
            <div className={styles.meterFill} style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        </div>
      )}
      {failed && <FormAlert>{t("pass.rewards.outOfDate")}</FormAlert>}
      <ul className={styles.rewardList} aria-label={t("pass.rewards.perPass")}>
        {rewards.passes.map((pass) => {
          const [beforePending, afterPending] = t("pass.rewards.facts", {
            pending: "\u0000",
            rate: formatPoints(pass.rate_per_day, t),
            duration: formatDuration(pass.since_last_claim + Math.max(0, secondsSinceFetch), t),
          }).split("\u0000");
          return (
            <li key={`${pass.chain_id}:${pass.token_id}`} className={styles.rewardRow}>
              <div>
                <span className={styles.rewardName}>{t("shell.passName", { tokenId: String(pass.token_id) })}</span>{" "}
                <Badge>
                  {chains.find((chain) => chain.id === pass.chain_id)?.name ??
                    t("pass.chainNumber", { chainId: String(pass.chain_id) })}
                </Badge>
                <span className={styles.rewardFacts}>
                  {beforePending}
                  <span className={styles.rewardPending}>{formatPoints(pass.pending, t)}</span>
                  {afterPending}
                </span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                loading={claiming === pass.token_id}
                disabled={pass.pending === 0 || claiming !== null}
                onClick={() => onClaimOne(pass.token_id, pass.chain_id)}
                aria-label={t("pass.rewards.claimOneLabel", { tokenId: String(pass.token_id) })}
              >
                {t("pass.rewards.claim")}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
