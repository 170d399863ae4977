import { DAY_MS, type PublicChain, type StakingRewards } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { formatPoints } from "../account/points";
import styles from "./genesis-pass.module.css";
import { formatDuration } from "./pass-display";
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
  return (
    <Card aria-labelledby="rewards-title" data-testid="rewards">
      <CardTitle id="rewards-title">Staking rewards</CardTitle>
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
      return (
        <>
          <FormAlert>We could not load your rewards.</FormAlert>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </>
      );
    }
    return <LoadingLines label="Loading your rewards" />;
  }
  if (rewards.passes.length === 0) {
    return (
      <p className={styles.muted}>
        Nothing staked yet. Stake a pass and it earns points every GMT day, by the second; claim them whenever you like.
      </p>
    );
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
          <p className={styles.muted}>Pending</p>
          <p className={styles.totalPoints} data-testid="total-pending">
            {formatPoints(rewards.total_pending, t)}
          </p>
        </div>
        <Button
          loading={claiming === "all"}
          disabled={rewards.total_pending === 0 || claiming !== null}
          onClick={onClaimAll}
        >
          Claim all
        </Button>
      </div>
      {deadline !== null && (
        <div className={styles.countdown}>
          <p className={styles.countdownText}>
            <span>Next point in</span>
            <span className={styles.countdownValue} data-testid="next-point">
              {left === null ? "–:––" : formatRewardCountdown(left)}
            </span>
          </p>
          <div className={styles.meter} aria-hidden="true">
            <div className={styles.meterFill} style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        </div>
      )}
      {failed && <FormAlert>These rewards may be out of date: we could not refresh them.</FormAlert>}
      <ul className={styles.rewardList} aria-label="Rewards per pass">
        {rewards.passes.map((pass) => (
          <li key={`${pass.chain_id}:${pass.token_id}`} className={styles.rewardRow}>
            <div>
              <span className={styles.rewardName}>Genesis Pass #{pass.token_id}</span>{" "}
              <Badge>{chains.find((chain) => chain.id === pass.chain_id)?.name ?? `Chain ${pass.chain_id}`}</Badge>
              <span className={styles.rewardFacts}>
                <span className={styles.rewardPending}>{formatPoints(pass.pending, t)}</span> pending ·{" "}
                {formatPoints(pass.rate_per_day, t)}/day · earning for{" "}
                {formatDuration(pass.since_last_claim + Math.max(0, secondsSinceFetch))}
              </span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              loading={claiming === pass.token_id}
              disabled={pass.pending === 0 || claiming !== null}
              onClick={() => onClaimOne(pass.token_id, pass.chain_id)}
              aria-label={`Claim Genesis Pass #${pass.token_id}'s points`}
            >
              Claim
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
