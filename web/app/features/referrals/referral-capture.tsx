import { lazy, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useMember } from "../account/use-member";
import { pendingReferralCode, rememberReferralCode } from "./pending-referral";

// Applying a code (its mutation, the queries it refreshes) loads only when there is one to apply.
const ApplyPendingReferral = lazy(() => import("./apply-pending-referral"));

/**
 * Carries `?ref=CODE` from a share link through sign-in: the code is remembered in the browser,
 * and once a member is signed in it is applied (the server decides whether it may be) and the
 * invites-success window opens. Mounted once, from the root; renders nothing.
 */
export function ReferralCapture() {
  const [searchParams] = useSearchParams();
  const member = useMember();
  const [applying, setApplying] = useState(false);
  const linkCode = searchParams.get("ref");

  useEffect(() => {
    if (linkCode) rememberReferralCode(linkCode);
  }, [linkCode]);

  useEffect(() => {
    if (member && pendingReferralCode()) setApplying(true);
  }, [member]);

  if (!applying) return null;
  return (
    <Suspense fallback={null}>
      <ApplyPendingReferral />
    </Suspense>
  );
}
