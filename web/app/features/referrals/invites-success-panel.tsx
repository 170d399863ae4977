import { useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import { formatPoints } from "../account/points";
import styles from "./referrals.module.css";
import { useAppliedReferral } from "./use-referrals";

const qualifyStep = {
  wallet_bound: "bind a wallet",
  pass_minted: "mint your Genesis Pass",
  first_check_in: "check in for the first time",
} as const;

/** The invites-success window: the code applied, and what the new member gets and when. */
export function InvitesSuccessPanel() {
  const t = useT();
  const applied = useAppliedReferral((state) => state.applied);
  const openModal = useModalStore((state) => state.openModal);
  const closeModal = useModalStore((state) => state.closeModal);
  if (!applied) return <p>Your invite code was applied.</p>;
  return (
    <div className={styles.panel} data-testid="invites-success">
      <p>
        You joined with {applied.kol ? "community code" : "invite code"} <strong>{applied.code}</strong>.
      </p>
      {applied.state === "qualified" && (
        <p>{formatPoints(applied.invitee_points, t)} are yours already: they are in your rewards history.</p>
      )}
      {applied.state === "pending" && (
        <p>
          {applied.invitee_points > 0
            ? `You receive ${formatPoints(applied.invitee_points, t)} once you ${qualifyStep[applied.qualify_on]}.`
            : `Your friend is rewarded once you ${qualifyStep[applied.qualify_on]}.`}
        </p>
      )}
      {applied.state === "refused" && applied.reason && <p>{applied.reason}</p>}
      <div className={styles.actions}>
        {applied.state === "pending" && applied.qualify_on === "wallet_bound" && (
          <Button
            onClick={() => {
              closeModal("invitesSuccess");
              openModal("bindWallet");
            }}
          >
            Bind a wallet
          </Button>
        )}
        <Button variant="secondary" onClick={() => closeModal("invitesSuccess")}>
          Close
        </Button>
      </div>
    </div>
  );
}
