import type { PublicFairness } from "@arcana/protocol";
import { useEffect, useId, useState } from "react";
import { formatCount, formatPercent, formatPValue } from "../../i18n/intl";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { DataTable } from "../../ui/data-table";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { rewardLabel } from "../loot-box/loot-box-display";
import styles from "./fairness.module.css";
import { usePublicFairness } from "./use-public-fairness";
import { type PublicVerification, verifyPublicOpening } from "./verify-public-opening";

type Box = PublicFairness["boxes"][number];

/** `/fairness`: stated odds beside observed counts per box and odds version, verifiable openings, a verifier, the export. */
export function PublicFairnessPanels() {
  const t = useT();
  const fairness = usePublicFairness();
  if (fairness.isPending) {
    return (
      <p className={styles.muted} aria-busy="true">
        <Spinner /> {t("loot.public.loading")}
      </p>
    );
  }
  if (!fairness.data) return <FormAlert>{errorMessage(fairness.error, t)}</FormAlert>;
  const data = fairness.data;
  const boxNames = new Map(data.boxes.map((box) => [box.box_id, box.name]));
  const locale = t.language ?? "en";
  return (
    <>
      <p data-testid="verifiable-counts">
        {t("loot.public.verifiable", {
          verifiable: formatCount(data.verifiable, locale),
          waiting: formatCount(data.waiting, locale),
          days: data.window_days,
          revealDays: data.reveal_after_days,
        })}
        {data.member_verifiable_only > 0 &&
          ` ${t("loot.public.memberOnly", { count: formatCount(data.member_verifiable_only, locale) })}`}
      </p>
      <p className={styles.muted}>{t("loot.public.pExplain")}</p>
      <div className={styles.grid}>
        {data.boxes.map((box) => (
          <BoxOdds key={box.box_id} box={box} boxNames={boxNames} />
        ))}
      </div>
      <div className={styles.grid}>
        <VerifyOpening boxNames={boxNames} />
        <Downloads />
      </div>
    </>
  );
}

function BoxOdds({ box, boxNames }: { box: Box; boxNames: ReadonlyMap<string, string> }) {
  const t = useT();
  const locale = t.language ?? "en";
  return (
    <Card aria-labelledby={`fair-${box.box_id}`} data-testid="box-odds" data-box-id={box.box_id}>
      <CardTitle id={`fair-${box.box_id}`}>{box.name}</CardTitle>
      {box.versions.map((version) => (
        <section
          key={version.odds_version}
          aria-label={t("loot.public.version", { box: box.name, version: version.odds_version, total: version.total })}
        >
          <p>{t("loot.public.version", { box: box.name, version: version.odds_version, total: version.total })}</p>
          <p data-testid="chi-square">
            {version.chi_square
              ? t("loot.public.chiSquare", {
                  statistic: version.chi_square.statistic.toFixed(2),
                  df: version.chi_square.degrees_of_freedom,
                  p: formatPValue(version.chi_square.p_value),
                })
              : t("loot.public.noTest")}
          </p>
          <DataTable
            className={styles.table}
            wrapClassName={styles.tableWrap}
            label={t("loot.public.oddsTable", { box: box.name, version: version.odds_version })}
            columns={[
              { label: t("loot.public.reward") },
              { label: t("loot.public.stated"), numeric: true },
              { label: t("loot.public.observed"), numeric: true },
              { label: t("loot.public.count"), numeric: true },
            ]}
          >
            {version.rewards.map((reward, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the odds table's order is the draw's; two rows may give the same reward
              <tr key={index}>
                <th scope="row">{rewardLabel(reward.reward, boxNames, t)}</th>
                <td className={styles.number}>{formatPercent(reward.probability, locale, 2)}</td>
                <td className={styles.number}>{formatPercent(reward.share, locale, 2)}</td>
                <td className={styles.number}>{formatCount(reward.count, locale)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ))}
    </Card>
  );
}

function VerifyOpening({ boxNames }: { boxNames: ReadonlyMap<string, string> }) {
  const t = useT();
  const id = useId();
  const [line, setLine] = useState("");
  const [result, setResult] = useState<PublicVerification | null>(null);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`}>{t("loot.public.verifyTitle")}</CardTitle>
      <form
        className={styles.verify}
        onSubmit={(event) => {
          event.preventDefault();
          void verifyPublicOpening(line).then(setResult);
        }}
      >
        <label className={styles.label} htmlFor={`${id}-line`}>
          {t("loot.public.verifyLabel")}
        </label>
        <p id={`${id}-hint`} className={styles.muted}>
          {t("loot.public.verifyExplain")}
        </p>
        <textarea
          id={`${id}-line`}
          className={styles.line}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          value={line}
          onChange={(event) => {
            setLine(event.target.value);
            setResult(null);
          }}
        />
        <Button type="submit" variant="secondary" disabled={line.trim() === ""}>
          {t("loot.public.verifyButton")}
        </Button>
      </form>
      <div data-testid="verify-result">
        {result?.status === "invalid" && <FormAlert>{t("loot.public.verifyInvalid")}</FormAlert>}
        {result?.status === "waiting" && <FormAlert tone="info">{t("loot.public.verifyWaiting")}</FormAlert>}
        {result?.status === "member_only" && <FormAlert tone="info">{t("loot.public.verifyMemberOnly")}</FormAlert>}
        {result?.status === "mismatch" && (
          <FormAlert>
            {t(result.reason === "hash" ? "loot.public.verifyHashMismatch" : "loot.public.verifyRewardMismatch")}
          </FormAlert>
        )}
        {result?.status === "match" && (
          <FormAlert tone="success">
            {t("loot.public.verifyMatch", {
              target: String(result.target),
              total: String(result.totalWeight),
              reward: rewardLabel(result.opening.reward, boxNames, t),
            })}
          </FormAlert>
        )}
      </div>
    </Card>
  );
}

/** The last finished GMT days, from the browser's clock after hydration (the server renders none). */
function useRecentDays(count: number): string[] {
  const [days, setDays] = useState<string[]>([]);
  useEffect(() => {
    const today = Math.floor(Date.now() / 86_400_000);
    setDays(
      Array.from({ length: count }, (_, index) =>
        new Date((today - 1 - index) * 86_400_000).toISOString().slice(0, 10),
      ),
    );
  }, [count]);
  return days;
}

function Downloads() {
  const t = useT();
  const days = useRecentDays(3);
  return (
    <Card aria-labelledby="fair-export">
      <CardTitle id="fair-export">{t("loot.public.exportTitle")}</CardTitle>
      <p className={styles.muted}>{t("loot.public.exportExplain")}</p>
      <ul className={styles.downloads} data-testid="export-links">
        {days.flatMap((day) => [
          <li key={`${day}-jsonl`}>
            <a href={`/api/boxes/openings/${day}.jsonl`} download>
              {t("loot.public.downloadJsonl", { day })}
            </a>
          </li>,
          <li key={`${day}-csv`}>
            <a href={`/api/boxes/openings/${day}.csv`} download>
              {t("loot.public.downloadCsv", { day })}
            </a>
          </li>,
        ])}
        <li>
          <a href="/api/boxes/openings">{t("loot.public.list")}</a>
        </li>
      </ul>
    </Card>
  );
}
