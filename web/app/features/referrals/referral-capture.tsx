import { landingReferralCookie } from "@arcana/protocol";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useMember } from "../account/use-member";
import { pendingReferralCode } from "./pending-referral";

// What to do with a link's code or a remembered one loads only when there is one.
const ReferralFlow = lazy(() => import("./referral-flow"));

/**
 * Carries `?ref=CODE` from a share link through sign-in: the code is remembered in the browser,
 * and once a member is signed in it is applied (the server decides whether it may be) and the
 * invites-success window opens; a member is asked before a link's code replaces a remembered one
 * or applies to their account (see `referral-flow.tsx`). Mounted once, from the root.
 */
export function ReferralCapture() {
  const [searchParams] = useSearchParams();
  const member = useMember();
  const [active, setActive] = useState(false);
  const link = searchParams.get("ref");

  useEffect(() => {
    // Or a visitor who left a share link's page before it hydrated: the server kept the code in a cookie.
    if (link || (member && pendingReferralCode()) || document.cookie.includes(`${landingReferralCookie}=`))
      setActive(true);
  }, [link, member]);

  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ReferralFlow link={link} />
    </Suspense>
  );
}
