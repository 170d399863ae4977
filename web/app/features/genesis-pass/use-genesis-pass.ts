import type { Pass, User } from "@arcana/protocol";
import { getAllowlistStatusRoute, getStakingRewardsRoute, listMyPassesRoute } from "@arcana/protocol/calls";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query-hooks";
import {
  type ChainExpectation,
  chainReflects,
  chainSyncPollMs,
  chainSyncTimeoutMs,
  sameExpectation,
} from "./chain-sync";

/** Query keys, per account and bound wallet so two members' passes never mix. */
export const genesisPassKeys = {
  whitelist: (uid: string, wallet: string | null) => ["whitelist", uid, wallet ?? ""] as const,
  passes: (uid: string, wallet: string | null) => ["passes", "mine", uid, wallet ?? ""] as const,
  rewards: (uid: string) => ["staking", "rewards", uid] as const,
};

/** Whether the member may mint (`GET /whitelist`); the allowlist may hold their e-mail or wallet. */
export function useWhitelist(member: User | null) {
  return useQuery({
    queryKey: genesisPassKeys.whitelist(member?.uid ?? "", member?.wallet_address ?? null),
    queryFn: ({ signal }) => api(getAllowlistStatusRoute, { signal }),
    enabled: Boolean(member?.wallet_address),
  });
}

interface Waiting {
  expected: ChainExpectation;
  startedAt: number;
}

/**
 * The member's passes (`GET /blockchain/my_nfts`). After a transaction, `awaitChain` polls until
 * the indexer reports its effect, for at most `chainSyncTimeoutMs`; `stalled` then names what
 * the chain has not reported yet.
 */
export function useMyPasses(member: User | null) {
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [stalled, setStalled] = useState<ChainExpectation | null>(null);
  const query = useQuery({
    queryKey: genesisPassKeys.passes(member?.uid ?? "", member?.wallet_address ?? null),
    queryFn: ({ signal }) => api(listMyPassesRoute, { signal }),
    enabled: Boolean(member?.wallet_address),
    refetchInterval: waiting.length > 0 ? chainSyncPollMs : false,
  });
  const passes = query.data;

  useEffect(() => {
    if (!passes) return;
    setWaiting((current) => {
      const left = current.filter((entry) => !chainReflects(passes, entry.expected));
      return left.length === current.length ? current : left;
    });
  }, [passes]);

  useEffect(() => {
    const first = waiting[0];
    if (!first) return;
    const oldest = Math.min(...waiting.map((entry) => entry.startedAt));
    const timer = setTimeout(
      () => {
        const now = Date.now();
        const expired = waiting.find((entry) => now - entry.startedAt >= chainSyncTimeoutMs);
        if (expired) setStalled(expired.expected);
        setWaiting((current) => current.filter((entry) => now - entry.startedAt < chainSyncTimeoutMs));
      },
      Math.max(0, oldest + chainSyncTimeoutMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waiting]);

  const { refetch } = query;
  const awaitChain = useCallback(
    (expected: ChainExpectation) => {
      setStalled(null);
      setWaiting((current) => [
        ...current.filter((entry) => !sameExpectation(entry.expected, expected)),
        { expected, startedAt: Date.now() },
      ]);
      void refetch();
    },
    [refetch],
  );

  return {
    query,
    /** Changes sent to the chain that the server does not list yet. */
    waiting: waiting.map((entry) => entry.expected),
    stalled,
    awaitChain,
  };
}

/** Passes indexed this recently are not asked for again when the rewards arrive. */
const passesFreshMs = 5000;

/**
 * Staking rewards (`GET /nft/staking/rewards`). Keyed by which passes are staked, so a stake or
 * unstake the chain reports brings fresh rewards; fetching them also refreshes the passes
 * (spec §7), unless those were just fetched.
 */
export function useStakingRewards(member: User | null, passes: Pass[] | undefined, passesFailed: boolean) {
  const queryClient = useQueryClient();
  const uid = member?.uid ?? "";
  const wallet = member?.wallet_address ?? null;
  const staked = passes
    ? passes
        .filter((pass) => pass.stake_info?.staked)
        .map((pass) => `${pass.chain_id}:${pass.token_id}`)
        .join(",")
    : "";
  return useQuery({
    queryKey: [...genesisPassKeys.rewards(uid), wallet ?? "", staked],
    queryFn: async ({ signal }) => {
      const rewards = await api(getStakingRewardsRoute, { signal });
      const passesKey = genesisPassKeys.passes(uid, wallet);
      const cached = queryClient.getQueryState<Pass[]>(passesKey);
      if (cached?.data && cached.data.length > 0 && Date.now() - cached.dataUpdatedAt > passesFreshMs) {
        void queryClient.invalidateQueries({ queryKey: passesKey }, { cancelRefetch: false });
      }
      return rewards;
    },
    // Waits for the passes (they key the rewards), unless those could not be loaded at all.
    enabled: Boolean(wallet) && (passes !== undefined || passesFailed),
    placeholderData: keepPreviousData,
  });
}
