import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { useMember } from "../account/use-member";
import { FairnessPanel } from "./fairness-panel";
import styles from "./loot-box.module.css";
import { MarketCard } from "./market-card";
import { OwnedBoxes } from "./owned-boxes";
import { useLootboxSummary, useMarket } from "./use-loot-box";

/** /loot-box: the market (public), then the member's boxes and the fairness panel. */
export function LootBoxPage() {
  const t = useT();
  const member = useMember();
  const market = useMarket();
  const summary = useLootboxSummary();
  const boxNames = new Map((market.data ?? []).map((box) => [box.id, box.name]));

  return (
    <>
      <section className={styles.section} aria-labelledby="market-title">
        <h2 id="market-title" className={styles.sectionTitle}>
          {t("loot.market")}
        </h2>
        {market.isPending ? (
          <p className={styles.muted} aria-busy="true">
            <Spinner /> {t("loot.marketLoading")}
          </p>
        ) : market.isError ? (
          <div>
            <FormAlert>{errorMessage(market.error, t)}</FormAlert>
            <Button variant="secondary" size="sm" onClick={() => void market.refetch()}>
              {t("shell.tryAgain")}
            </Button>
          </div>
        ) : market.data.length === 0 ? (
          <EmptyState sigil="chest" title={t("loot.emptyTitle")}>
            <p>{t("loot.emptyText")}</p>
          </EmptyState>
        ) : (
          <div className={styles.market}>
            {market.data.map((box) => (
              <MarketCard
                key={box.id}
                box={box}
                boxNames={boxNames}
                limitLeft={summary.data?.limits.find((limit) => limit.box_id === box.id)?.left ?? null}
              />
            ))}
          </div>
        )}
      </section>
      {member && (
        <>
          <OwnedBoxes boxNames={boxNames} />
          <FairnessPanel boxNames={boxNames} />
        </>
      )}
    </>
  );
}
