import { useSearchParams } from "react-router";
import { pageMeta } from "../lib/page-meta";
import { EmptyState } from "../ui/empty-state";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign in", "Sign in to Arcana with your e-mail address and a one-time code.");

/** Only same-site paths: a crafted link must not send a member elsewhere after signing in. */
function sameSitePath(value: string | null) {
  return value?.startsWith("/") && !value.startsWith("//") ? value : null;
}

export default function SignInPage() {
  const [searchParams] = useSearchParams();
  const redirectTo = sameSitePath(searchParams.get("redirect"));
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageHeader eyebrow="Members" title="Sign in">
        <p>
          Enter your e-mail address and we will send you a six-digit code. No password needed; your first sign-in
          creates your account.
        </p>
        {redirectTo && (
          <p>
            After signing in you will continue to <code className={styles.path}>{redirectTo}</code>.
          </p>
        )}
      </PageHeader>
      <EmptyState sigil="key" title="Sign-in is opening soon">
        <p>
          The e-mail and code form will live here. Members who set a password will be able to use it instead of a code.
        </p>
      </EmptyState>
    </div>
  );
}
