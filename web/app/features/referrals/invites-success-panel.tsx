import { useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import { formatPoints } from "../account/points";
import styles from "./referrals.module.css";
import { useAppliedReferral } from "./use-referrals";

/** The invites-success window: the code applied, and what the new member gets and when. */
export function InvitesSuccessPanel() {
  const t = useT();
  const applied = useAppliedReferral((state) => state.applied);
  const openModal = useModalStore((state) => state.openModal);
  const closeModal = useModalStore((state) => state.closeModal);
  if (!applied) return <p>{t("member.invitesSuccess.applied")}</p>;
  const points = formatPoints(applied.invitee_points, t);
  // The code is set in bold where each language puts it.
  const [before = "", after = ""] = t("member.invitesSuccess.joinedWith", {
    kind: applied.kol ? "kol" : "invite",
    code: "\u0000",
  }).split("\u0000");
  return (
    <div className={styles.panel} data-testid="invites-success">
      <p>
        {before}
        <strong translate="no">{applied.code}</strong>
        {after}
      </p>
      {applied.state === "qualified" && <p>{t("member.invitesSuccess.yours", { points })}</p>}
      {applied.state === "pending" && (
        <p>
          {applied.invitee_points > 0
            ? t("member.invitesSuccess.receive", { points, step: applied.qualify_on })
            : t("member.invitesSuccess.friendRewarded", { step: applied.qualify_on })}
        </p>
      )}
      {applied.refusal && <p>{t("member.invites.refusal", { refusal: applied.refusal })}</p>}
      <div className={styles.actions}>
        {applied.state === "pending" && applied.qualify_on === "wallet_bound" && (
          <Button
            onClick={() => {
              closeModal("invitesSuccess");
              openModal("bindWallet");
            }}
          >
            {t("modal.bindWallet.title")}
          </Button>
        )}
        <Button variant="secondary" onClick={() => closeModal("invitesSuccess")}>
          {t("shell.close")}
        </Button>
      </div>
    </div>
  );
}
