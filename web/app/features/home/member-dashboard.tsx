import { tarotNetworkOfChain } from "@arcana/protocol";
import { Link } from "react-router";
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
  if (!member) return null;

  // Known only once the browser knows today (never in server rendering).
  const checkedToday = status.data ? status.data.today_checked : null;
  const streak = status.data?.current_streak;

  return (
    <>
      <section className={styles.dashboard} aria-label="Your day" data-testid="member-dashboard">
        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="star" size={18} /> Points
          </p>
          <p className={styles.figure} data-testid="dashboard-points">
            {formatPoints(member.pts)}
          </p>
          <p className={styles.tileText}>Earned from check-ins, tarot, staking and referrals; spent on loot boxes.</p>
          <div className={styles.tileActions}>
            <Button variant="secondary" size="sm" onClick={() => openModal("pointsHistory")}>
              Rewards history
            </Button>
          </div>
        </Card>

        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="moon" size={18} /> Check-in streak
          </p>
          <p className={styles.figure} data-testid="dashboard-streak">
            {streak === undefined ? "…" : `${streak} ${streak === 1 ? "day" : "days"}`}
          </p>
          <p className={styles.tileText}>
            {status.data === null
              ? "Your streak is not available right now."
              : checkedToday === null
                ? "Checking today's check-in…"
                : checkedToday
                  ? "Checked in today. Come back after 00:00 GMT."
                  : "Not checked in yet today."}
          </p>
          <div className={styles.tileActions}>
            <Button size="sm" variant={checkedToday ? "secondary" : "primary"} onClick={() => openModal("checkIn")}>
              {checkedToday ? "View check-in" : "Check in"}
            </Button>
          </div>
        </Card>

        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="card" size={18} /> Today's tarot
          </p>
          <p className={styles.figure} data-testid="dashboard-tarot">
            {!tarot.data ? "…" : tarot.data.is_tarot ? "Recorded" : tarot.data.content ? "Read" : "Not drawn"}
          </p>
          <p className={styles.tileText}>
            {!tarot.data
              ? tarot.isError
                ? "Today's tarot is not available right now."
                : "Checking today's cards…"
              : tarot.data.is_tarot
                ? "Your draw is on chain and its points are yours."
                : tarot.data.content
                  ? "Record today's draw on chain to earn your tarot points."
                  : "Three cards are waiting for you, face down."}
          </p>
          <div className={styles.tileActions}>
            <Link to="/daily-tarot" className={buttonClassName({ size: "sm", variant: "secondary" })}>
              {tarot.data?.content ? "See your reading" : "Draw your cards"}
            </Link>
          </div>
        </Card>

        <Card className={styles.tile}>
          <p className={styles.tileEyebrow}>
            <Sigil name="key" size={18} /> Invite friends
          </p>
          <p className={styles.tileText}>
            Share your code: you and the friends you invite earn points once they get started.
          </p>
          <div className={styles.tileActions}>
            <Button size="sm" variant="secondary" onClick={() => openModal("invites")}>
              Invite friends
            </Button>
          </div>
        </Card>
      </section>
      <TasksList />
    </>
  );
}
