import { Link } from "react-router";
import { aroundArgument, useT } from "../../i18n/use-t";
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
    const signInFirst = aroundArgument(t, "modal.pointsHistory.signIn", "signIn");
    return (
      <p>
        {signInFirst[0]}
        <Link to="/auth" onClick={() => closeModal("pointsHistory")}>
          {t("shell.signIn")}
        </Link>
        {signInFirst[1]}
      </p>
    );
  }
  return (
    <div className={styles.panel}>
      <p className={styles.balance}>
        <span>{t("modal.pointsHistory.balance")}</span>
        <strong data-testid="rewards-balance">{formatPoints(member.pts, t)}</strong>
      </p>
      <PointsHistoryList />
    </div>
  );
}
