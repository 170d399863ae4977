import { ChangePasswordForm } from "../features/account/change-password-form";
import { SessionsPanel } from "../features/account/sessions-panel";
import { useMember } from "../features/account/use-member";
import { RemindersPanel } from "../features/reminders/reminders-panel";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesFor } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { guarded } from "../lib/guards";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/change-password";

export const loader = guarded(["auth"], async ({ context }) => ({
  messages: messagesFor(context.language, ["account"]),
}));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "shell.page.changePassword", "account.description");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function ChangePasswordPage() {
  const t = useT();
  const member = useMember();
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageHeader eyebrow={t("account.eyebrow")} title={t("shell.page.changePassword")}>
        <p>{t("account.lead")}</p>
      </PageHeader>
      {member && <ChangePasswordForm user={member} />}
      {member && <RemindersPanel uid={member.uid} />}
      {member && <SessionsPanel uid={member.uid} />}
    </div>
  );
}
