import { type OpenResult, type OwnedBox, randomClientSeed } from "@arcana/protocol";
import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Sigil } from "../../ui/sigil";
import { Spinner } from "../../ui/spinner";
import { formatPoints } from "../account/points";
import styles from "./loot-box.module.css";
import { rewardLabel } from "./loot-box-display";
import { useFairness, useMyBoxes, useOpenBox, useRotateSeed } from "./use-loot-box";

/** The member's unopened boxes, one row per kind, and the opening with its result. */
export function OwnedBoxes({ boxNames }: { boxNames: ReadonlyMap<string, string> }) {
  const t = useT();
  const mine = useMyBoxes();
  const fairness = useFairness();
  const openBox = useOpenBox();
  const rotate = useRotateSeed();
  const [opening, setOpening] = useState<OwnedBox | null>(null);
  const [result, setResult] = useState<OpenResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function open(box: OwnedBox) {
    setOpening(box);
    setResult(null);
    setFailure(null);
    try {
      // Before the first opening the page picks the client seed here, in the browser, so the server
      // never chose both seeds.
      if (fairness.data && !fairness.data.client_seed_chosen) await rotate.mutateAsync(randomClientSeed());
      setResult(await openBox.mutateAsync(box.id));
    } catch (error) {
      setFailure(errorMessage(error, t));
      setOpening(null);
    }
  }

  const groups = new Map<string, OwnedBox[]>();
  for (const box of mine.data?.unopened ?? []) groups.set(box.box_id, [...(groups.get(box.box_id) ?? []), box]);

  return (
    <Card aria-labelledby="owned-boxes-title" data-testid="owned-boxes">
      <CardTitle id="owned-boxes-title">{t("loot.owned.title")}</CardTitle>
      {opening && (
        <div className={styles.opening} aria-live="polite" data-testid="opening">
          {result ? (
            <div className={styles.reveal} data-testid="open-result">
              <p className={styles.muted}>{t("loot.owned.opened", { box: opening.name })}</p>
              <p className={styles.reward}>{rewardLabel(result.reward, boxNames, t)}</p>
              <p className={styles.muted}>
                {result.reward.kind === "box"
                  ? t("loot.owned.wonBox")
                  : result.reward.kind === "allowlist"
                    ? t("loot.owned.wonAllowlist")
                    : t("loot.owned.balanceNow", { pts: formatPoints(result.pts, t) })}{" "}
                {t("loot.owned.nonce", { nonce: String(result.proof.nonce) })}
              </p>
            </div>
          ) : (
            <>
              <span className={styles.chest}>
                <Sigil name="chest" size={56} />
              </span>
              <p>{t("loot.owned.opening", { box: opening.name })}</p>
            </>
          )}
        </div>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      {mine.isPending ? (
        <p className={styles.muted} aria-busy="true">
          <Spinner /> {t("loot.owned.loading")}
        </p>
      ) : mine.isError ? (
        <div>
          <FormAlert>{errorMessage(mine.error, t)}</FormAlert>
          <Button variant="secondary" size="sm" onClick={() => void mine.refetch()}>
            {t("shell.tryAgain")}
          </Button>
        </div>
      ) : groups.size === 0 ? (
        <p className={styles.muted} data-testid="no-boxes">
          {t("loot.owned.none")}
        </p>
      ) : (
        <ul className={styles.owned}>
          {[...groups.entries()].map(([boxId, boxes]) => (
            <li key={boxId} className={styles.ownedRow} data-testid={`owned-${boxId}`}>
              <span>
                {boxes[0]?.name} × {boxes.length}
              </span>
              <Button
                size="sm"
                loading={openBox.isPending && opening?.box_id === boxId}
                disabled={openBox.isPending || rotate.isPending || !fairness.data}
                onClick={() => void open(boxes[0] as OwnedBox)}
              >
                {t("loot.owned.openOne")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
