import type { User } from "@arcana/protocol";
import { claimAllRewardsRoute, claimPassRewardsRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { Card, CardTitle } from "../../ui/card";
import { showToast } from "../../ui/toast-store";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { useEvmWallet, useWalletStore } from "../../wallet-runtime/wallet-store";
import { formatPoints } from "../account/points";
import { memberQueryKey, useMember } from "../account/use-member";
import { walletGate } from "../wallets/wallet-gate";
import styles from "./genesis-pass.module.css";
import { mintStep } from "./mint-eligibility";
import { MintPanel } from "./mint-panel";
import { passCards } from "./pass-display";
import { PassList } from "./pass-list";
import { StakingRewardsPanel } from "./staking-rewards-panel";
import { genesisPassKeys, useMyPasses, useStakingRewards, useWhitelist } from "./use-genesis-pass";

/** /genesis-pass: mint, the member's passes with stake and unstake, and staking rewards. */
export function GenesisPassSections() {
  const t = useT();
  const member = useMember();
  const root = useRootData();
  const chains = root?.config.chains ?? [];
  const [target, chooseTarget] = useTargetNetwork();
  const evm = useEvmWallet(root?.evmWallet);
  const queryClient = useQueryClient();
  const requestRuntime = useWalletStore((state) => state.requestRuntime);
  const whitelist = useWhitelist(member);
  const passes = useMyPasses(member);
  const rewards = useStakingRewards(member, passes.query.data, passes.query.isError);
  const [claiming, setClaiming] = useState<"all" | number | null>(null);
  const boundWallet = member?.wallet_address ?? null;

  // A member with a bound wallet is here to send transactions: reconnect their wallet now.
  useEffect(() => {
    if (boundWallet) requestRuntime();
  }, [boundWallet, requestRuntime]);

  const step = mintStep({
    member,
    allowlisted: whitelist.data?.isInWhitelist,
    passes: passes.query.data,
    failed: (whitelist.isError && !whitelist.data) || (passes.query.isError && !passes.query.data),
    target,
    chains,
    wallet: evm,
  });
  const mintExpected = passes.waiting.find((expected) => expected.kind === "minted");

  async function refreshBalance(pts?: number) {
    if (!member) return;
    const key = memberQueryKey(member.uid);
    if (pts !== undefined) queryClient.setQueryData<User>(key, (user) => (user ? { ...user, pts } : user));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: genesisPassKeys.rewards(member.uid) }),
    ]);
  }

  async function claim(which: "all" | { tokenId: number; chainId: number }) {
    setClaiming(which === "all" ? "all" : which.tokenId);
    try {
      const result =
        which === "all"
          ? await api(claimAllRewardsRoute)
          : await api(claimPassRewardsRoute, { body: { token_id: which.tokenId, chain_id: which.chainId } });
      showToast(
        result.claimed > 0
          ? {
              message: t("pass.claimed", {
                claimed: formatPoints(result.claimed, t),
                pts: formatPoints(result.pts, t),
              }),
              tone: "success",
            }
          : { message: t("pass.nothingToClaim"), tone: "info" },
      );
      await refreshBalance(result.pts);
    } catch (error) {
      showToast({ message: errorMessage(error, t), tone: "error" });
    } finally {
      setClaiming(null);
    }
  }

  function onUnstakeSettled(settledPoints: number) {
    if (settledPoints > 0) {
      showToast({ message: t("pass.unstakeSettled", { points: formatPoints(settledPoints, t) }), tone: "success" });
    }
    void refreshBalance();
  }

  return (
    <>
      <div className={styles.top}>
        <MintPanel
          step={step}
          boundWallet={boundWallet}
          target={target}
          chains={chains}
          onChooseTarget={chooseTarget}
          onRetry={() => {
            void whitelist.refetch();
            void passes.query.refetch();
          }}
          syncing={mintExpected !== undefined}
          stalled={passes.stalled?.kind === "minted"}
          onRefresh={() => void passes.query.refetch()}
          awaitChain={passes.awaitChain}
        />
        {boundWallet ? (
          <StakingRewardsPanel
            rewards={rewards.data}
            fetchedAt={rewards.dataUpdatedAt}
            failed={rewards.isError}
            onRetry={() => void rewards.refetch()}
            onRefresh={() => void rewards.refetch()}
            chains={chains}
            claiming={claiming}
            onClaimAll={() => void claim("all")}
            onClaimOne={(tokenId, chainId) => void claim({ tokenId, chainId })}
          />
        ) : (
          <HowItWorks />
        )}
      </div>
      {boundWallet && (
        <PassList
          cards={passes.query.data ? passCards(passes.query.data, chains) : undefined}
          failed={passes.query.isError}
          onRetry={() => void passes.query.refetch()}
          waiting={passes.waiting}
          stalled={passes.stalled}
          onRefresh={() => void passes.query.refetch()}
          gate={walletGate({ member, wallet: evm, target, chains })}
          boundWallet={boundWallet}
          awaitChain={passes.awaitChain}
          onUnstakeSettled={onUnstakeSettled}
        />
      )}
    </>
  );
}

function HowItWorks() {
  const t = useT();
  return (
    <Card aria-labelledby="how-title">
      <CardTitle id="how-title">{t("pass.how.title")}</CardTitle>
      <ol className={styles.steps}>
        <li>
          <span>
            <strong>{t("pass.how.mint")}</strong>
            {t("pass.how.mintText")}
          </span>
        </li>
        <li>
          <span>
            <strong>{t("pass.how.stake")}</strong>
            {t("pass.how.stakeText")}
          </span>
        </li>
        <li>
          <span>
            <strong>{t("pass.how.claim")}</strong>
            {t("pass.how.claimText")}
          </span>
        </li>
      </ol>
    </Card>
  );
}
