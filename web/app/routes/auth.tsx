import { afterSignInPath, sameSitePath } from "@arcana/protocol";
import { redirect, useSearchParams } from "react-router";
import styles from "../features/auth/sign-in.module.css";
import { SignInFlow } from "../features/auth/sign-in-flow";
import { InviteCodeField } from "../features/referrals/invite-code-field";
import { InvitedNotice } from "../features/referrals/invited-notice";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesFor } from "../i18n/messages.server";
import { aroundArgument, useT } from "../i18n/use-t";
import { readSessionUser } from "../lib/guards";
import { pageMeta } from "../lib/page-meta";
import pageStyles from "../ui/page.module.css";
import type { Route } from "./+types/auth";

/** A member who is already signed in goes straight on, before any of the form renders. */
export async function loader({ url, context }: Route.LoaderArgs) {
  if (await readSessionUser(context)) throw redirect(afterSignInPath(url.searchParams));
  return { messages: messagesFor(context.language, ["auth"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "shell.signIn", "auth.description");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function SignInPage() {
  const [searchParams] = useSearchParams();
  const continuesTo = sameSitePath(searchParams.get("redirect"));
  const [before, after] = aroundArgument(useT(), "auth.continuesTo", "path");
  return (
    <div className={`${pageStyles.page} ${styles.page}`}>
      <InvitedNotice messageId="auth.invitedBy" />
      <SignInFlow redirectTo={continuesTo ?? "/"} />
      <div className={styles.inviteCode}>
        <InviteCodeField />
      </div>
      {continuesTo && continuesTo !== "/" && (
        <p className={styles.continues}>
          {before}
          <code className={pageStyles.path}>{continuesTo}</code>
          {after}
        </p>
      )}
    </div>
  );
}
