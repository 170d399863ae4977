import { guarded } from "../lib/guards";
import { pageMeta } from "../lib/page-meta";
import { EmptyState } from "../ui/empty-state";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/change-password";

export const loader = guarded(["auth"], async () => null);

export const meta: Route.MetaFunction = () =>
  pageMeta("Change password", "Set or change the password for your Arcana account.");

export default function ChangePasswordPage() {
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageHeader eyebrow="Account" title="Change password">
        <p>
          Set a password to sign in without waiting for a code, or change the one you have. Changing it signs you out on
          every other device.
        </p>
      </PageHeader>
      <EmptyState sigil="key" title="Passwords are coming">
        <p>The form to set and change your password will live here. Until then, sign in with a one-time code.</p>
      </EmptyState>
    </div>
  );
}
