import { useEffect, useRef } from "react";
import { ApiRequestError } from "../../lib/api";
import { useModalStore } from "../../shell/modals/modal-store";
import { useToastStore } from "../../ui/toast-store";
import { useMember } from "../account/use-member";
import { forgetReferralCode } from "./pending-referral";
import { useApplyReferralCode } from "./use-referrals";

/**
 * Applies the remembered invite code (`code`) once a member is signed in (the server decides whether it
 * may be) and opens the invites-success window. Loaded by `ReferralCapture` when there is a code
 * to apply; renders nothing.
 */
export default function ApplyPendingReferral({ code }: { code: string }) {
  const member = useMember();
  const { mutate: applyCode } = useApplyReferralCode();
  const openModal = useModalStore((state) => state.openModal);
  const showToast = useToastStore((state) => state.showToast);
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!member || tried.current === code) return;
    tried.current = code;
    applyCode(code, {
      onSuccess: () => {
        forgetReferralCode();
        openModal("invitesSuccess");
      },
      onError: (error) => {
        // A refusal is final (own code, already used, window closed, unknown code); a network error may pass.
        if (error instanceof ApiRequestError && error.status < 500 && error.code !== "network_error") {
          forgetReferralCode();
          showToast({ tone: "error", message: `Invite code ${code} was not applied: ${error.message}` });
        } else {
          tried.current = null;
        }
      },
    });
  }, [member, code, applyCode, openModal, showToast]);

  return null;
}
