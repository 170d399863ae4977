import { clientSeedPattern, type OpenedBox } from "@arcana/protocol";
import { useEffect, useState } from "react";
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
      setNotice({ tone: "success", text: "Your server seed is revealed and a new one is committed. Verify below." });
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, t) });
    }
  }

  return (
    <Card aria-labelledby="fairness-title" data-testid="fairness-panel">
      <CardTitle id="fairness-title">Provably fair</CardTitle>
      <p className={styles.muted}>
        Each opening is HMAC-SHA256 of your client seed and a counter under a server seed whose SHA-256 you see before
        opening. Rotating reveals the server seed, so you can check every opening made with it.
      </p>
      {fairness.isPending ? (
        <p className={styles.muted} aria-busy="true">
          <Spinner /> Loading your seeds…
        </p>
      ) : !fairness.data ? (
        <FormAlert>{errorMessage(fairness.error, t)}</FormAlert>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>Server seed hash (SHA-256)</dt>
              <dd className={styles.seed} data-testid="server-seed-hash">
                {fairness.data.server_seed_hash}
              </dd>
            </div>
            <div>
              <dt>Next nonce</dt>
              <dd data-testid="next-nonce">{fairness.data.next_nonce}</dd>
            </div>
          </dl>
          <form
            className={styles.buy}
            onSubmit={(event) => {
              event.preventDefault();
              if (seedValid) void rotateSeed();
            }}
          >
            <Input
              label="Your client seed"
              value={clientSeed}
              maxLength={64}
              onChange={(event) => setClientSeed(event.target.value)}
              hint="Used from the next server seed on."
              error={seedValid ? undefined : "1–64 printable characters"}
            />
            <Button type="submit" variant="secondary" loading={rotate.isPending} disabled={!seedValid}>
              Rotate seed
            </Button>
          </form>
        </>
      )}
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <h3>Past openings</h3>
      {mine.data && mine.data.opened.length === 0 ? (
        <p className={styles.muted}>No openings yet.</p>
      ) : (
        <ul className={styles.history} data-testid="past-openings">
          {mine.data?.opened.map((opened) => (
            <PastOpening key={opened.id} opened={opened} boxNames={boxNames} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PastOpening({ opened, boxNames }: { opened: OpenedBox; boxNames: ReadonlyMap<string, string> }) {
  const [verification, setVerification] = useState<Verification | null>(null);
  return (
    <li className={styles.historyRow} data-testid="past-opening">
      <div className={styles.historyHead}>
        <span>
          {opened.name}: <strong>{rewardLabel(opened.reward, boxNames)}</strong>
          <span className={styles.muted}> · nonce {opened.proof.nonce}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => void verifyOpening(opened).then(setVerification)}>
          Verify
        </Button>
      </div>
      {verification?.status === "unrevealed" && (
        <p className={styles.muted}>Its server seed is still secret. Rotate your seed to reveal it, then verify.</p>
      )}
      {verification?.status === "match" && (
        <p className={styles.match} data-testid="verified">
          Verified in your browser: the revealed seed matches its hash, and HMAC gives target {verification.target} of{" "}
          {verification.totalWeight}, which is {rewardLabel(opened.reward, boxNames)}.
        </p>
      )}
      {verification?.status === "mismatch" && <p className={styles.mismatch}>Does not match: {verification.reason}</p>}
    </li>
  );
}
