import { Outlet } from "react-router";
import { requireOperatorConsole } from "../features/operator/console-access";
import styles from "../features/operator/operator.module.css";
import { OperatorNav } from "../features/operator/operator-nav";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesFor } from "../i18n/messages.server";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/operator";

export async function loader({ context }: Route.LoaderArgs) {
  await requireOperatorConsole(context);
  return { messages: messagesFor(context.language, ["operator"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "operator.title", "operator.description"),
  { name: "robots", content: "noindex" },
];

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

/** The console's frame: its sections, then the section's page. */
export default function OperatorConsole() {
  return (
    <div className={styles.console}>
      <OperatorNav />
      <Outlet />
    </div>
  );
}
