import { BoxesReport } from "../features/operator/boxes-report";
import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import type { Route } from "./+types/operator.boxes";

export async function loader({ context }: Route.LoaderArgs) {
  return { boxes: await (await requireOperatorConsole(context)).boxes(context.language) };
}

export default function OperatorBoxesPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection titleId="operator.boxes.title" leadId="operator.boxes.lead">
      <BoxesReport boxes={loaderData.boxes} />
    </OperatorSection>
  );
}
