import { useEffect, useRef } from "react";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { LoadingLine } from "../../ui/loading-line";
import { Sigil } from "../../ui/sigil";
import { entryLabel, formatEntryTime, formatPointsChange } from "./points-format";
import styles from "./points-history.module.css";
import { usePointsHistory } from "./use-points-history";

/**
 * The whole points ledger, newest first. The next page loads when the end of the list scrolls into
 * view (IntersectionObserver), or with "Load more" where that is not available or not wanted.
 */
export function PointsHistoryList() {
  const t = useT();
  const history = usePointsHistory();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (history.isPending) {
    return <LoadingLine>{t("modal.pointsHistory.loading")}</LoadingLine>;
  }
  // A failed later page keeps the pages already shown; only a failed first page replaces the list.
  if (!history.data) {
    return (
      <div className={styles.stack}>
        <FormAlert>{errorMessage(history.error, t)}</FormAlert>
        <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
          {t("shell.tryAgain")}
        </Button>
      </div>
    );
  }
  const entries = history.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return (
      <div className={styles.empty} data-testid="rewards-empty">
        <span className={styles.emptySigil}>
          <Sigil name="star" size={28} />
        </span>
        <p className={styles.emptyTitle}>{t("modal.pointsHistory.emptyTitle")}</p>
        <p>{t("modal.pointsHistory.emptyText")}</p>
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      <ul className={styles.list} aria-label={t("modal.pointsHistory.list")} data-testid="rewards-list">
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry} data-kind={entry.kind}>
            <span className={styles.label}>{entryLabel(entry, t)}</span>
            <time className={styles.time} dateTime={entry.created_at}>
              {formatEntryTime(entry, t.language ?? "en")}
            </time>
            <span className={styles.amount} data-negative={entry.amount < 0 || undefined}>
              {formatPointsChange(entry.amount, t)}
            </span>
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage ? (
        <Button variant="secondary" size="sm" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {t("modal.pointsHistory.loadMore")}
        </Button>
      ) : (
        <p className={styles.end}>{t("modal.pointsHistory.end")}</p>
      )}
      {history.isFetchNextPageError && <FormAlert>{errorMessage(history.error, t)}</FormAlert>}
    </div>
  );
}
