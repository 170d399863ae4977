import { ChainTable } from "../features/operator/chain-table";
import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import type { Route } from "./+types/operator.chains";

export async function loader({ context }: Route.LoaderArgs) {
  return { statuses: await (await requireOperatorConsole(context)).chains() };
}

export default function OperatorChainsPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection
      titleId="operator.chains.title"
      leadId="operator.chains.lead"
      leadArgs={{ seconds: loaderData.statuses.lag_threshold_seconds }}
    >
      <ChainTable statuses={loaderData.statuses} />
    </OperatorSection>
  );
}
