import { ChangePasswordForm } from "../features/account/change-password-form";
import { useMember } from "../features/account/use-member";
import { guarded } from "../lib/guards";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/change-password";

export const loader = guarded(["auth"], async () => null);

export const meta: Route.MetaFunction = () =>
  pageMeta("Change password", "Set or change the password for your Arcana account.");

export default function ChangePasswordPage() {
  const member = useMember();
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageHeader eyebrow="Account" title="Change password">
        <p>
          A password lets you sign in without waiting for a code; codes keep working either way. Saving a password signs
          you out on every other device.
        </p>
      </PageHeader>
      {member && <ChangePasswordForm user={member} />}
    </div>
  );
}
