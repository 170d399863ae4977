import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import styles from "./points-history.module.css";
import { PointsHistoryList } from "./points-history-list";

/** The rewards history modal's body: the balance, then every ledger entry. */
export default function PointsHistoryPanel() {
  const t = useT();
  const member = useMember();
  const closeModal = useModalStore((state) => state.closeModal);
  if (!member) {
    return (
      <p>
        <Link to="/auth" onClick={() => closeModal("pointsHistory")}>
          Sign in
        </Link>{" "}
        to see the points you have earned.
      </p>
    );
  }
  return (
    <div className={styles.panel}>
      <p className={styles.balance}>
        <span>Your balance</span>
        <strong data-testid="rewards-balance">{formatPoints(member.pts, t)}</strong>
      </p>
      <PointsHistoryList />
    </div>
  );
}
