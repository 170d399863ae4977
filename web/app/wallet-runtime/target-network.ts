import type { PublicChain } from "@arcana/protocol";
import { useEffect } from "react";
import { create } from "zustand";
import { useRootData } from "../lib/root-data";

/** The member's chosen EVM network, kept in this browser (spec §3: "persisted locally"). */
export const targetNetworkKey = "arcana:target-network";

function readStoredChainId(): number | null {
  try {
    const value = Number(window.localStorage.getItem(targetNetworkKey));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** One choice for the whole page: the wallet modal, the pass page and the dashboard always agree. */
const useChosenNetwork = create<{ chosen: number | null }>()(() => ({ chosen: null }));

/**
 * The target network: the stored choice when it is still configured, else the deployment's
 * default (opBNB in production, the local chain in development). The first render uses the
 * default so server and client markup agree; the stored choice applies right after.
 */
export function useTargetNetwork(): [PublicChain | null, (chainId: number) => void] {
  const config = useRootData()?.config;
  const chains = config?.chains ?? [];
  const chosen = useChosenNetwork((state) => state.chosen);
  useEffect(() => {
    if (useChosenNetwork.getState().chosen === null) useChosenNetwork.setState({ chosen: readStoredChainId() });
  }, []);
  const chain =
    chains.find((candidate) => candidate.id === chosen) ??
    chains.find((candidate) => candidate.id === config?.default_chain_id) ??
    chains[0] ??
    null;
  const choose = (chainId: number) => {
    useChosenNetwork.setState({ chosen: chainId });
    try {
      window.localStorage.setItem(targetNetworkKey, String(chainId));
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  };
  return [chain, choose];
}
