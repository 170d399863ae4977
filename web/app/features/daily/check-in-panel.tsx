import { creditCheckInRoute } from "@arcana/protocol/calls";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { aroundArgument, useT } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useGmtToday, useNow } from "../../lib/use-clock";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import { LoadingLine } from "../../ui/loading-line";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { ReminderOffer } from "../reminders/reminder-offer";
import { DailyWriteControls, useDailyWriteAction } from "../wallets/daily-write-action";
import { useWalletRuntime } from "../wallets/use-wallet-runtime";
import { checkInStrip } from "./check-in-display";
import styles from "./daily.module.css";
import { GmtCountdown } from "./gmt-countdown";
import { checkInQueryKey, useCheckInStatus } from "./use-check-in";
import { WeekStrip } from "./week-strip";

/**
 * The check-in modal's body: the week, the streak, the next reward, the countdown to 00:00 GMT,
 * and the check-in itself (Daily.checkIn() from the bound wallet, then credited at once).
 */
export default function CheckInPanel() {
  const t = useT();
  const member = useMember();
  // Starts loading the wallet stacks now, so a remembered wallet has reconnected by the click.
  useWalletRuntime();
  const now = useNow();
  const status = useCheckInStatus(useGmtToday());
  const checkIn = useDailyWriteAction({
    call: { functionName: "checkIn" },
    credit: (transaction) => api(creditCheckInRoute, { body: transaction }),
    invalidates: (uid) => [checkInQueryKey(uid)],
    texts: {
      freeCredited: t("member.checkIn.freeCredited"),
      freePending: t("member.checkIn.freePending"),
      onChain: t("member.checkIn.onChain"),
      credited: (credited) =>
        t("member.checkIn.credited", { points: formatPoints(credited.points, t), streak: credited.streak }),
      already: t("member.checkIn.already"),
    },
  });
  const { daily, stage, notice, free } = checkIn;
  const closeModal = useModalStore((state) => state.closeModal);
  const panel = useRef<HTMLDivElement>(null);

  // The button is disabled while the check-in runs and after it, so focus falls out of the dialog;
  // bring it back so Escape and Tab keep working.
  useEffect(() => {
    if (stage === null && notice && !panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, [stage, notice]);

  if (!member) {
    const [before, after] = aroundArgument(t, "modal.checkIn.signIn", "signIn");
    return (
      <p>
        {before}
        <Link to="/auth?redirect=%2F" onClick={() => closeModal("checkIn")}>
          {t("shell.signIn")}
        </Link>
        {after}
      </p>
    );
  }
  if (status.isPending || now === null) {
    return <LoadingLine>{t("member.checkIn.loading")}</LoadingLine>;
  }
  if (!status.data) {
    return (
      <div className={styles.emptyPanel} data-testid="check-in-empty">
        <p>{t("member.checkIn.unavailable")}</p>
        <Button variant="secondary" size="sm" loading={status.isFetching} onClick={() => void status.refetch()}>
          {t("shell.tryAgain")}
        </Button>
      </div>
    );
  }

  const checkedToday = status.data.today_checked;
  const days = checkInStrip(status.data, now, t.language ?? "en");
  const streak = status.data.current_streak;

  return (
    <div ref={panel} tabIndex={-1} className={styles.panel} data-testid="check-in-panel">
      {days.length > 0 ? <WeekStrip days={days} /> : <p className={styles.muted}>{t("member.checkIn.noDays")}</p>}
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t("member.checkIn.streak")}</dt>
          <dd data-testid="check-in-streak">{t("member.checkIn.streakDays", { count: streak })}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{checkedToday ? t("member.checkIn.rewardTomorrow") : t("member.checkIn.rewardToday")}</dt>
          <dd className={styles.reward} data-testid="check-in-next-reward">
            +{formatPoints(status.data.next_reward_points, t)}
          </dd>
        </div>
      </dl>
      <GmtCountdown label={checkedToday ? t("member.checkIn.opensIn") : t("member.checkIn.closesIn")} now={now} />
      <DailyWriteControls
        action={checkIn}
        wallet={member.wallet_address}
        done={checkedToday}
        labels={{
          done: t("member.checkIn.done"),
          free: t("member.checkIn.free"),
          write: t("member.checkIn.checkIn"),
        }}
        className={styles.primaryAction}
      />
      {checkedToday && <ReminderOffer uid={member.uid} />}
      <p className={styles.fineprint}>
        {t(free ? "member.checkIn.fineprintFree" : "member.checkIn.fineprint", {
          network: daily.target?.name ?? t("member.checkIn.yourNetwork"),
        })}
      </p>
    </div>
  );
}
