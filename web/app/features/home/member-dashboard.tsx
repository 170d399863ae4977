import { tarotNetworkOfChain } from "@arcana/protocol";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { useHydrating } from "../../lib/query-hooks";
import { useGmtToday } from "../../lib/use-clock";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button, buttonClassName } from "../../ui/button";
import { Card } from "../../ui/card";
import { Sigil } from "../../ui/sigil";
import { useTargetNetwork } from "../../wallet-runtime/target-network";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { useCheckInStatus } from "../daily/use-check-in";
import { useChainTarot } from "../tarot/use-tarot";
import { TasksList } from "../tasks/tasks-list";
import styles from "./member-dashboard.module.css";

/**
 * The member's day at a glance, on `/` and `/app`: points, the check-in streak, today's tarot,
 * and the doors to the check-in and rewards history modals.
 */
export function MemberDashboard() {
  const member = useMember();
  const today = useGmtToday();
  const status = useCheckInStatus(today);
  const [target] = useTargetNetwork();
  const tarot = useChainTarot(today, target ? tarotNetworkOfChain(target.id) : "op");
  const openModal = useModalStore((state) => state.openModal);
  // The tiles' dialogs open through React: until it runs the page, their buttons say so by being disabled.
  const ready = !useHydrating();
  const t = useT();
  if (!member) return null;

  // Known only once the browser knows today (never in server rendering).
  const checkedToday = status.data ? status.data.today_checked : null;
  const streak = status.data?.current_streak;

  return (
    <>
      <section className={styles.dashboard} aria-label={t("home.day")} data-testid="member-dashboard">
        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="star" size={18} /> {t("home.points")}
          </p>
          <p className={styles.figure} data-testid="dashboard-points">
            {formatPoints(member.pts, t)}
          </p>
          <p className={styles.tileText}>{t("home.pointsText")}</p>
          <div className={styles.tileActions}>
            <Button disabled={!ready} variant="secondary" size="sm" onClick={() => openModal("pointsHistory")}>
              {t("modal.pointsHistory.title")}
            </Button>
          </div>
        </Card>

        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="moon" size={18} /> {t("home.streak")}
          </p>
          <p className={styles.figure} data-testid="dashboard-streak">
            {streak === undefined ? "…" : t("home.streakDays", { count: streak })}
          </p>
          <p className={styles.tileText}>
            {status.data === null
              ? t("home.streakUnavailable")
              : checkedToday === null
                ? t("home.checkingToday")
                : checkedToday
                  ? t("home.checkedToday")
                  : t("home.notCheckedToday")}
          </p>
          <div className={styles.tileActions}>
            <Button
              disabled={!ready}
              size="sm"
              variant={checkedToday ? "secondary" : "primary"}
              onClick={() => openModal("checkIn")}
            >
              {checkedToday ? t("home.viewCheckIn") : t("home.checkIn")}
            </Button>
          </div>
        </Card>

        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="card" size={18} /> {t("home.tarot")}
          </p>
          <p className={styles.figure} data-testid="dashboard-tarot">
            {!tarot.data
              ? "…"
              : tarot.data.is_tarot
                ? t("home.tarotRecorded")
                : tarot.data.content
                  ? t("home.tarotRead")
                  : t("home.tarotNotDrawn")}
          </p>
          <p className={styles.tileText}>
            {!tarot.data
              ? tarot.isError
                ? t("home.tarotUnavailable")
                : t("home.tarotChecking")
              : tarot.data.is_tarot
                ? t("home.tarotOnChain")
                : tarot.data.content
                  ? t("home.tarotRecord")
                  : t("home.tarotWaiting")}
          </p>
          <div className={styles.tileActions}>
            <Link to="/daily-tarot" className={buttonClassName({ size: "sm", variant: "secondary" })}>
              {tarot.data?.content ? t("home.seeReading") : t("home.drawCards")}
            </Link>
          </div>
        </Card>

        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="key" size={18} /> {t("modal.invites.title")}
          </p>
          <p className={styles.tileText}>{t("home.inviteText")}</p>
          <div className={styles.tileActions}>
            <Button disabled={!ready} size="sm" variant="secondary" onClick={() => openModal("invites")}>
              {t("modal.invites.title")}
            </Button>
          </div>
        </Card>
      </section>
      <TasksList />
    </>
  );
}
