import type { TarotDraw, TarotNetwork } from "@arcana/protocol";
import { tarotNetworkOfChain } from "@arcana/protocol";
import { creditTarotRecordRoute } from "@arcana/protocol/calls";
import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { contractErrorMessage } from "../../wallet-runtime/contract-errors";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { GasStatus } from "../sponsorship/gas-status";
import { sponsorshipFailed } from "../sponsorship/pay-own-gas";
import { RelayProgressView } from "../sponsorship/relay-progress";
import { useGasPayer } from "../sponsorship/use-sponsorship";
import { useDailyWrite } from "../wallets/daily-contract";
import { DailyWalletStep } from "../wallets/daily-wallet-step";
import styles from "./tarot.module.css";
import { tarotNetworks, tarotQueryKeys, useChainTarot } from "./use-tarot";

type Notice = { tone: "error" | "success" | "info"; text: string; offerPayingGas?: boolean };

/** Whether today's draw is recorded on one network (`GET /blockchain/tarot?network=`). */
function NetworkRecord({ today, network, names }: { today: string; network: TarotNetwork; names: string }) {
  const t = useT();
  const chainTarot = useChainTarot(today, network);
  return (
    <li className={styles.networkRow} data-testid={`tarot-network-${network}`}>
      <span>{names}</span>
      {chainTarot.data ? (
        chainTarot.data.is_tarot ? (
          <Badge tone="success">{t("tarot.record.recorded")}</Badge>
        ) : (
          <Badge>{t("tarot.record.notRecorded")}</Badge>
        )
      ) : chainTarot.isError ? (
        <Badge tone="danger">{t("tarot.record.unknown")}</Badge>
      ) : (
        <Badge>{t("tarot.record.checking")}</Badge>
      )}
    </li>
  );
}

/**
 * Records today's draw on the target network (Daily.recordTarot(digest)), credits the tarot
 * points at once, and shows per network whether the day is recorded.
 */
export function RecordOnChain({ today, draw }: { today: string; draw: TarotDraw }) {
  const t = useT();
  const root = useRootData();
  const daily = useDailyWrite({
    credit: (transaction) => api(creditTarotRecordRoute, { body: transaction }),
    invalidates: (uid) => [tarotQueryKeys.member(uid)],
  });
  const targetNetwork = daily.target ? tarotNetworkOfChain(daily.target.id) : null;
  const onTarget = useChainTarot(today, targetNetwork);
  const stage = daily.write.stage;
  const [notice, setNotice] = useState<Notice | null>(null);
  const networks = tarotNetworks(root?.config.chains ?? []);
  const recorded = onTarget.data?.is_tarot === true;
  const member = useMember();
  const free = useGasPayer(daily.target, "record_tarot").payer === "arcana";

  async function record(payOwnGas = false) {
    setNotice(null);
    try {
      const { credited, relayed } = await daily.write.mutateAsync(
        { functionName: "recordTarot", digest: draw.digest },
        { payOwnGas },
      );
      setNotice(
        relayed
          ? relayed.credited
            ? { tone: "success", text: t("tarot.record.freeCredited") }
            : { tone: "info", text: t("tarot.record.freePending") }
          : credited === null
            ? { tone: "info", text: t("tarot.record.onChain") }
            : credited.credited
              ? { tone: "success", text: t("tarot.record.credited", { points: formatPoints(credited.points, t) }) }
              : { tone: "info", text: t("tarot.record.already") },
      );
    } catch (error) {
      setNotice({
        tone: "error",
        text: contractErrorMessage(error, { t, gasCurrency: daily.target?.native_currency.symbol }),
        offerPayingGas: sponsorshipFailed(error),
      });
    }
  }

  return (
    <section className={styles.record} aria-labelledby="record-title">
      <div className={styles.recordHead}>
        <h2 id="record-title" className={styles.sectionTitle}>
          {t("tarot.record.title")}
        </h2>
        <p className={styles.muted}>{t("tarot.record.lead")}</p>
      </div>
      <ul className={styles.networks} aria-label={t("tarot.record.networks")}>
        {networks.map(({ network, chains }) => (
          <NetworkRecord
            key={network}
            today={today}
            network={network}
            names={chains.map((chain) => chain.name).join(", ")}
          />
        ))}
      </ul>
      {!recorded && (
        <GasStatus
          chain={daily.target}
          action="record_tarot"
          wallet={member?.wallet_address ?? null}
          verb={t("member.daily.verb", { action: "recordTarot" })}
        />
      )}
      {daily.write.relay && (
        <RelayProgressView progress={daily.write.relay} explorerUrl={daily.target?.explorer_url ?? null} credits />
      )}
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      {notice?.offerPayingGas && stage === null && (
        <Button variant="secondary" onClick={() => void record(true)}>
          {t("member.daily.payGas")}
        </Button>
      )}
      <DailyWalletStep readiness={daily.readiness} action="recordTarot">
        <Button
          loading={stage !== null}
          disabled={recorded && stage === null}
          onClick={() => void record()}
          className={styles.recordButton}
        >
          {stage !== null
            ? t("member.daily.stage", { stage })
            : recorded
              ? t("tarot.record.done")
              : free
                ? t("tarot.record.free")
                : t("tarot.record.title")}
        </Button>
      </DailyWalletStep>
      {daily.target && <p className={styles.fineprint}>{t("tarot.record.target", { network: daily.target.name })}</p>}
    </section>
  );
}
