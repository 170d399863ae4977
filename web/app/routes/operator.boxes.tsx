import { BoxesReport } from "../features/operator/boxes-report";
import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesFor } from "../i18n/messages.server";
import type { Route } from "./+types/operator.boxes";

// The rewards are named as the loot-box pages name them: this page also sends the "loot" catalog.
export async function loader({ context }: Route.LoaderArgs) {
  return {
    boxes: await (await requireOperatorConsole(context)).boxes(context.language),
    messages: messagesFor(context.language, ["loot"]),
  };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function OperatorBoxesPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection titleId="operator.boxes.title" leadId="operator.boxes.lead">
      <BoxesReport boxes={loaderData.boxes} />
    </OperatorSection>
  );
}
