import { clientSeedPattern, type OpenedBox } from "@arcana/protocol";
import { useEffect, useState } from "react";
import { formatGmtDay } from "../../i18n/intl";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import styles from "./loot-box.module.css";
import { rewardLabel, type Verification, verifyOpening } from "./loot-box-display";
import { useFairness, useMyBoxes, useRotateSeed } from "./use-loot-box";

/** The commitment, the member's client seed, rotation, and a Verify for every past opening. */
export function FairnessPanel({ boxNames }: { boxNames: ReadonlyMap<string, string> }) {
  const t = useT();
  const fairness = useFairness();
  const mine = useMyBoxes();
  const rotate = useRotateSeed();
  const [clientSeed, setClientSeed] = useState("");
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const current = fairness.data?.client_seed;

  useEffect(() => {
    if (current !== undefined) setClientSeed(current);
  }, [current]);

  const seedValid = clientSeedPattern.test(clientSeed);

  async function rotateSeed() {
    setNotice(null);
    try {
      await rotate.mutateAsync(clientSeed);
      setNotice({ tone: "success", text: t("loot.fair.rotated") });
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, t) });
    }
  }

  return (
    <Card aria-labelledby="fairness-title" data-testid="fairness-panel">
      <CardTitle id="fairness-title">{t("loot.fair.title")}</CardTitle>
      <p className={styles.muted}>{t("loot.fair.explain")}</p>
      {fairness.isPending ? (
        <p className={styles.muted} aria-busy="true">
          <Spinner /> {t("loot.fair.loading")}
        </p>
      ) : !fairness.data ? (
        <FormAlert>{errorMessage(fairness.error, t)}</FormAlert>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{t("loot.fair.serverSeedHash")}</dt>
              <dd className={styles.seed} data-testid="server-seed-hash" translate="no">
                {fairness.data.server_seed_hash}
              </dd>
            </div>
            <div>
              <dt>{t("loot.fair.nextNonce")}</dt>
              <dd data-testid="next-nonce">{fairness.data.next_nonce}</dd>
            </div>
          </dl>
          {fairness.data.reveal_at && (
            <p className={styles.muted} data-testid="reveal-at">
              {t("loot.fair.revealAt", { date: formatGmtDay(fairness.data.reveal_at, t.language ?? "en", "long") })}
            </p>
          )}
          <form
            className={styles.buy}
            onSubmit={(event) => {
              event.preventDefault();
              if (seedValid) void rotateSeed();
            }}
          >
            <Input
              label={t("loot.fair.clientSeed")}
              value={clientSeed}
              maxLength={64}
              onChange={(event) => setClientSeed(event.target.value)}
              hint={t("loot.fair.clientSeedHint")}
              error={seedValid ? undefined : t("loot.fair.clientSeedInvalid")}
            />
            <Button type="submit" variant="secondary" loading={rotate.isPending} disabled={!seedValid}>
              {t("loot.fair.rotate")}
            </Button>
          </form>
        </>
      )}
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <h3>{t("loot.fair.pastOpenings")}</h3>
      {mine.data && mine.data.opened.length === 0 ? (
        <p className={styles.muted}>{t("loot.fair.noOpenings")}</p>
      ) : (
        <ul className={styles.history} data-testid="past-openings">
          {mine.data?.opened.map((opened) => (
            // A revealed seed is a new row: an answer given while the seed was secret does not stay on screen.
            <PastOpening key={`${opened.id}:${opened.proof.server_seed ?? ""}`} opened={opened} boxNames={boxNames} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PastOpening({ opened, boxNames }: { opened: OpenedBox; boxNames: ReadonlyMap<string, string> }) {
  const t = useT();
  const [verification, setVerification] = useState<Verification | null>(null);
  return (
    <li className={styles.historyRow} data-testid="past-opening">
      <div className={styles.historyHead}>
        <span>
          {opened.name}: <strong>{rewardLabel(opened.reward, boxNames, t)}</strong>
          <span className={styles.muted}> · {t("loot.fair.nonce", { nonce: String(opened.proof.nonce) })}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => void verifyOpening(opened).then(setVerification)}>
          {t("loot.fair.verify")}
        </Button>
      </div>
      {verification?.status === "unrevealed" && <p className={styles.muted}>{t("loot.fair.unrevealed")}</p>}
      {verification?.status === "match" && (
        <p className={styles.match} data-testid="verified">
          {t("loot.fair.verified", {
            target: String(verification.target),
            total: String(verification.totalWeight),
            reward: rewardLabel(opened.reward, boxNames, t),
          })}
        </p>
      )}
      {verification?.status === "mismatch" && (
        <p className={styles.mismatch}>
          {t(verification.reason === "hash" ? "loot.fair.mismatchHash" : "loot.fair.mismatchReward")}
        </p>
      )}
    </li>
  );
}
