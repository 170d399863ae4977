import type { TarotDraw, TarotNetwork } from "@arcana/protocol";
import { tarotNetworkOfChain } from "@arcana/protocol";
import { creditTarotRecordRoute } from "@arcana/protocol/calls";
import { useT } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { Badge } from "../../ui/badge";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { DailyWriteControls, useDailyWriteAction } from "../wallets/daily-write-action";
import styles from "./tarot.module.css";
import { tarotNetworks, tarotQueryKeys, useChainTarot } from "./use-tarot";

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
  const record = useDailyWriteAction({
    call: { functionName: "recordTarot", digest: draw.digest },
    credit: (transaction) => api(creditTarotRecordRoute, { body: transaction }),
    invalidates: (uid) => [tarotQueryKeys.member(uid)],
    texts: {
      freeCredited: t("tarot.record.freeCredited"),
      freePending: t("tarot.record.freePending"),
      onChain: t("tarot.record.onChain"),
      credited: (credited) => t("tarot.record.credited", { points: formatPoints(credited.points, t) }),
      already: t("tarot.record.already"),
    },
  });
  const { daily } = record;
  const targetNetwork = daily.target ? tarotNetworkOfChain(daily.target.id) : null;
  const onTarget = useChainTarot(today, targetNetwork);
  const networks = tarotNetworks(root?.config.chains ?? []);
  const recorded = onTarget.data?.is_tarot === true;
  const member = useMember();

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
      <DailyWriteControls
        action={record}
        wallet={member?.wallet_address ?? null}
        done={recorded}
        labels={{ done: t("tarot.record.done"), free: t("tarot.record.free"), write: t("tarot.record.title") }}
        className={styles.recordButton}
      />
      {daily.target && <p className={styles.fineprint}>{t("tarot.record.target", { network: daily.target.name })}</p>}
    </section>
  );
}
