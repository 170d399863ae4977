import { Link } from "react-router";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { useModalStore } from "../modals/modal-store";
import styles from "./rewards.module.css";
import { RewardsList } from "./rewards-list";

/** The rewards history modal's body: the balance, then every ledger entry. */
export default function RewardsHistoryPanel() {
  const member = useMember();
  const closeModal = useModalStore((state) => state.closeModal);
  if (!member) {
    return (
      <p>
        <Link to="/auth" onClick={() => closeModal("rewardHistory")}>
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
        <strong data-testid="rewards-balance">{formatPoints(member.pts)}</strong>
      </p>
      <RewardsList />
    </div>
  );
}
