import { operatorWindows } from "@arcana/protocol";
import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import { Overview } from "../features/operator/overview";
import type { Route } from "./+types/operator.overview";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = await requireOperatorConsole(context);
  const asked = Number(url.searchParams.get("days"));
  const days = (operatorWindows as readonly number[]).includes(asked) ? asked : operatorWindows[0];
  return { overview: await reads.overview(days) };
}

export default function OperatorOverviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection titleId="operator.overview.title" leadId="operator.overview.lead">
      <Overview overview={loaderData.overview} />
    </OperatorSection>
  );
}
