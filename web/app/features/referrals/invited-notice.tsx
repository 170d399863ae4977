import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { type MessageId, useT } from "../../i18n/use-t";
import styles from "./invited-notice.module.css";
import { cleanReferralCode, pendingReferralCode } from "./pending-referral";

/**
 * The invite a visitor arrived with: the share link's `?ref=` code (known on the server too, so the landing page shows
 * it in its first paint), or else the code the browser remembers from an earlier link or one typed on /auth.
 */
export function useInvitedCode(): string | null {
  const [searchParams] = useSearchParams();
  const link = cleanReferralCode(searchParams.get("ref"));
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(pendingReferralCode()), []);
  return link ?? remembered;
}

/**
 * "You were invited by …" for a visitor who opened an invite link, on the landing page and on /auth. The referral
 * module keeps no public name for a code's owner (an inviter is known only by e-mail, which stays private), so the
 * line names a friend and the code; nothing when there is no code.
 */
export function InvitedNotice({ messageId }: { messageId: Extract<MessageId, "home.invitedBy" | "auth.invitedBy"> }) {
  const code = useInvitedCode();
  const t = useT();
  if (!code) return null;
  return (
    <p className={styles.notice} data-testid="invited-notice">
      {t(messageId, { code })}
    </p>
  );
}
