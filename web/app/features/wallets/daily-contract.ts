import { dailyAbi } from "@arcana/contracts";
import { type PublicChain, type SponsoredAction, sponsoredActionOfCall } from "@arcana/protocol";
import { isEvmAddress } from "@arcana/protocol/address";
import type { QueryKey } from "@tanstack/react-query";
import { useRootData } from "../../lib/root-data";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { type ChainTransactionRequest, useContractWrite } from "../../wallet-runtime/use-contract-write";
import { useEvmWallet } from "../../wallet-runtime/wallet-store";
import { memberQueryKey, useMember } from "../account/use-member";
import { pointsHistoryQueryKey } from "../points-history/use-points-history";
import { walletGate } from "./wallet-gate";

/** The Daily contract's two writes. */
export type DailyCall = { functionName: "checkIn" } | { functionName: "recordTarot"; digest: `0x${string}` };

/** The sponsorship action a Daily write spends Arcana's gas on. */
export function sponsoredActionOf(functionName: DailyCall["functionName"]): SponsoredAction {
  const action = sponsoredActionOfCall("daily", functionName);
  if (!action) throw new Error(`No sponsored action calls Daily's ${functionName}.`);
  return action;
}

/** What stands between the member and a Daily write, in the order they meet it (the wallet's part: ./wallet-gate.ts). */
export type DailyReadiness =
  | { step: "sign-in" }
  | { step: "bind-wallet" }
  | { step: "connect-wallet" }
  | { step: "reconnecting" }
  | { step: "wrong-account"; bound: string }
  | { step: "no-contract"; chainName: string }
  | { step: "ready"; chain: PublicChain; daily: `0x${string}` };

/**
 * A Daily write from the bound wallet on the member's target network: whether it can go ahead
 * now, and the write itself (through useContractWrite: switch, simulate, write, wait, credit).
 * `credit` is the write's own API call (`POST /blockchain/check_in`, `POST /blockchain/tarot`);
 * `invalidates` names the queries of the write's own feature (the check-in week, the tarot).
 */
export function useDailyWrite<Credit>({
  credit,
  invalidates,
}: {
  credit: (transaction: ChainTransactionRequest) => Promise<Credit>;
  invalidates: (uid: string) => QueryKey[];
}) {
  const member = useMember();
  const root = useRootData();
  const evm = useEvmWallet(root?.evmWallet);
  const [target] = useTargetNetwork();

  let readiness: DailyReadiness;
  const daily = target?.contracts.daily;
  const gate = walletGate({ member, wallet: evm, target, chains: root?.config.chains ?? [] });
  // On another network the write switches the wallet first (useContractWrite).
  if (gate.status === "sign-in") readiness = { step: "sign-in" };
  else if (gate.status === "not-bound") readiness = { step: "bind-wallet" };
  else if (gate.status === "not-connected")
    readiness = gate.pending === "reconnecting" ? { step: "reconnecting" } : { step: "connect-wallet" };
  else if (gate.status === "wrong-account") readiness = { step: "wrong-account", bound: gate.bound };
  else if (!target || !daily || !isEvmAddress(daily))
    readiness = { step: "no-contract", chainName: target?.name ?? "this network" };
  else readiness = { step: "ready", chain: target, daily };

  const write = useContractWrite({
    prepare: async (call: DailyCall) => {
      if (readiness.step !== "ready") throw new Error("The wallet is not ready for this.");
      return {
        write: {
          chainId: readiness.chain.id,
          address: readiness.daily,
          abi: dailyAbi,
          functionName: call.functionName,
          args: call.functionName === "recordTarot" ? [call.digest] : [],
        },
      };
    },
    credit,
    sponsoredAction: (call) => sponsoredActionOf(call.functionName),
    invalidates: () =>
      member ? [...invalidates(member.uid), memberQueryKey(member.uid), pointsHistoryQueryKey(member.uid)] : [],
  });

  return { readiness, target, write };
}
