import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { ApiRequestError } from "../../lib/api";
import { useModalStore } from "../../shell/modals/modal-store";
import { useToastStore } from "../../ui/toast-store";
import { useMember } from "../account/use-member";
import { forgetReferralCode, pendingReferralCode, rememberReferralCode } from "./pending-referral";
import { useApplyReferralCode } from "./use-referrals";

/**
 * Carries `?ref=CODE` from a share link through sign-in: the code is remembered in the browser,
 * and once a member is signed in it is applied (the server decides whether it may be) and the
 * invites-success window opens. Mounted once, from the root; renders nothing.
 */
export function ReferralCapture() {
  const [searchParams] = useSearchParams();
  const member = useMember();
  const { mutate: applyCode } = useApplyReferralCode();
  const openModal = useModalStore((state) => state.openModal);
  const showToast = useToastStore((state) => state.showToast);
  const tried = useRef<string | null>(null);
  const linkCode = searchParams.get("ref");

  useEffect(() => {
    if (linkCode) rememberReferralCode(linkCode);
  }, [linkCode]);

  useEffect(() => {
    if (!member) return;
    const code = pendingReferralCode();
    if (!code || tried.current === code) return;
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
  }, [member, applyCode, openModal, showToast]);

  return null;
}
