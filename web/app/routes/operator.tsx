import { Outlet } from "react-router";
import { requireOperatorConsole } from "../features/operator/console-access";
import styles from "../features/operator/operator.module.css";
import { OperatorNav } from "../features/operator/operator-nav";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/operator";

export async function loader({ context }: Route.LoaderArgs) {
  await requireOperatorConsole(context);
  return null;
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Operator console", "The economy at a glance, and the team's actions on it."),
  { name: "robots", content: "noindex" },
];

/** The console's frame: its sections, then the section's page. */
export default function OperatorConsole() {
  return (
    <div className={styles.console}>
      <OperatorNav />
      <Outlet />
    </div>
  );
}
