import { SignMessagePlayground } from "../features/wallets/sign-message-playground";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/playground.sign-message";

// The wallet panels' texts too: a visitor may try signing without an account.
export const loader = messagesLoader("account", "member");

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "shell.page.signMessage", "account.signMessageDescription");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function SignMessagePage() {
  const t = useT();
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageHeader eyebrow={t("account.playground")} title={t("shell.page.signMessage")}>
        <p>{t("account.signMessageLead")}</p>
      </PageHeader>
      <SignMessagePlayground />
    </div>
  );
}
