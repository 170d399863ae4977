import { lazy, Suspense, useEffect, useState } from "react";
import { useMember } from "../account/use-member";
import { takeLandingReferralCode } from "./landing-referral";
import { cleanReferralCode, pendingReferralCode, rememberReferralCode } from "./pending-referral";

// Applying a code (its mutation, the queries it refreshes) and the question about a link's code
// load only when there is one to apply or to ask about.
const ApplyPendingReferral = lazy(() => import("./apply-pending-referral"));
const ReferralChoice = lazy(() => import("./referral-choice"));

interface Question {
  /** The code the opened link carries. */
  code: string;
  /** The code remembered from an earlier link, if any. */
  remembered: string | null;
}

/**
 * What `ReferralCapture` loads when a page has `?ref=` or a signed-in member has a remembered code:
 * a link never silently replaces a remembered code, nor applies itself to a signed-in member
 * (issue 26, finding 9). The member is asked, and until they choose the remembered code stays and
 * nothing is applied; otherwise the remembered code is applied once a member is signed in.
 */
export default function ReferralFlow({ link }: { link: string | null }) {
  const member = useMember();
  const [applying, setApplying] = useState<string | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  // Link codes the member already answered for on this page, so the question is asked once.
  const [answered, setAnswered] = useState<readonly string[]>([]);
  const linkCode = cleanReferralCode(link);

  // A visitor who left a share link's page before it hydrated: the server kept the code (for visitors only).
  // Remembered as that page would have, unless an earlier code is: a link never silently replaces one.
  useEffect(() => {
    const landing = takeLandingReferralCode();
    if (landing && !pendingReferralCode()) rememberReferralCode(landing);
  }, []);

  useEffect(() => {
    if (question) return;
    const remembered = pendingReferralCode();
    if (linkCode && linkCode !== remembered && !answered.includes(linkCode)) {
      if (remembered || member) {
        setQuestion({ code: linkCode, remembered });
        return;
      }
      rememberReferralCode(linkCode);
    }
    if (member) setApplying(pendingReferralCode());
  }, [linkCode, member, question, answered]);

  function answer(useLinkCode: boolean) {
    if (!question) return;
    if (useLinkCode) rememberReferralCode(question.code);
    setAnswered((codes) => [...codes, question.code]);
    setQuestion(null);
  }

  return (
    <>
      {question && (
        <Suspense fallback={null}>
          <ReferralChoice
            code={question.code}
            remembered={question.remembered}
            onUse={() => answer(true)}
            onKeep={() => answer(false)}
          />
        </Suspense>
      )}
      {applying && !question && (
        <Suspense fallback={null}>
          <ApplyPendingReferral code={applying} />
        </Suspense>
      )}
    </>
  );
}
