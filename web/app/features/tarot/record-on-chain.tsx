import type { TarotDraw, TarotNetwork } from "@arcana/protocol";
import { creditTarotRecordRoute, tarotNetworkOfChain } from "@arcana/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRootData } from "../../lib/root-data";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { formatPoints } from "../account/points";
import { memberQueryKey, useMember } from "../account/use-member";
import { creditDailyTransaction, dailyErrorMessage, useDailyContract } from "../daily/daily-contract";
import { DailyWalletStep } from "../daily/daily-wallet-step";
import { pointsHistoryQueryKey } from "../points-history/use-points-history";
import styles from "./tarot.module.css";
import { tarotNetworks, tarotQueryKeys, useChainTarot } from "./use-tarot";

type Notice = { tone: "error" | "success" | "info"; text: string };

/** Whether today's draw is recorded on one network (`GET /blockchain/tarot?network=`). */
function NetworkRecord({ today, network, names }: { today: string; network: TarotNetwork; names: string }) {
  const chainTarot = useChainTarot(today, network);
  return (
    <li className={styles.networkRow} data-testid={`tarot-network-${network}`}>
      <span>{names}</span>
      {chainTarot.data ? (
        chainTarot.data.is_tarot ? (
          <Badge tone="success">Recorded</Badge>
        ) : (
          <Badge>Not recorded</Badge>
        )
      ) : chainTarot.isError ? (
        <Badge tone="danger">Unknown</Badge>
      ) : (
        <Badge>Checking…</Badge>
      )}
    </li>
  );
}

/**
 * Records today's draw on the target network (Daily.recordTarot(digest)), credits the tarot
 * points at once, and shows per network whether the day is recorded.
 */
export function RecordOnChain({ today, draw }: { today: string; draw: TarotDraw }) {
  const member = useMember();
  const root = useRootData();
  const daily = useDailyContract();
  const queryClient = useQueryClient();
  const targetNetwork = daily.target ? tarotNetworkOfChain(daily.target.id) : null;
  const onTarget = useChainTarot(today, targetNetwork);
  const [stage, setStage] = useState<"idle" | "wallet" | "crediting">("idle");
  const [notice, setNotice] = useState<Notice | null>(null);
  const networks = tarotNetworks(root?.config.chains ?? []);
  const recorded = onTarget.data?.is_tarot === true;

  async function record() {
    if (!member) return;
    setNotice(null);
    setStage("wallet");
    try {
      const transaction = await daily.write({ functionName: "recordTarot", digest: draw.digest });
      setStage("crediting");
      const result = await creditDailyTransaction(creditTarotRecordRoute, transaction);
      setNotice(
        result === null
          ? { tone: "info", text: "Your draw is on chain. Its points arrive as soon as the network confirms it." }
          : result.credited
            ? { tone: "success", text: `Recorded on chain: +${formatPoints(result.points)}.` }
            : { tone: "info", text: "Recorded. Today's tarot points were already credited." },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tarotQueryKeys.member(member.uid) }),
        queryClient.invalidateQueries({ queryKey: memberQueryKey(member.uid) }),
        queryClient.invalidateQueries({ queryKey: pointsHistoryQueryKey(member.uid) }),
      ]);
    } catch (error) {
      setNotice({ tone: "error", text: dailyErrorMessage(error) });
    } finally {
      setStage("idle");
    }
  }

  return (
    <section className={styles.record} aria-labelledby="record-title">
      <div className={styles.recordHead}>
        <h2 id="record-title" className={styles.sectionTitle}>
          Record on chain
        </h2>
        <p className={styles.muted}>
          Recording today's draw with the Daily contract earns your tarot points, once per GMT day.
        </p>
      </div>
      <ul className={styles.networks} aria-label="Today's draw on each network">
        {networks.map(({ network, chains }) => (
          <NetworkRecord
            key={network}
            today={today}
            network={network}
            names={chains.map((chain) => chain.name).join(", ")}
          />
        ))}
      </ul>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <DailyWalletStep readiness={daily.readiness} action="record it on chain">
        <Button
          loading={stage !== "idle"}
          disabled={recorded && stage === "idle"}
          onClick={() => void record()}
          className={styles.recordButton}
        >
          {stage === "wallet"
            ? "Confirm in your wallet…"
            : stage === "crediting"
              ? "Crediting your points…"
              : recorded
                ? "Recorded on chain"
                : "Record on chain"}
        </Button>
      </DailyWalletStep>
      {daily.target && (
        <p className={styles.fineprint}>
          Records on {daily.target.name}, your target network; change it in your wallet settings.
        </p>
      )}
    </section>
  );
}
