import { data } from "react-router";
import { UiKit } from "../features/ui-kit/ui-kit";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/template";

export function loader({ context }: Route.LoaderArgs) {
  if (context.config.environment === "production") throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "shell.page.uiKit", "shell.uiKitDescription");

export default function TemplatePage() {
  return <UiKit />;
}
