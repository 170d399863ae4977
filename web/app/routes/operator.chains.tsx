import { ChainTable } from "../features/operator/chain-table";
import { requireOperatorConsole } from "../features/operator/console-access";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.chains";

export async function loader({ context }: Route.LoaderArgs) {
  return { statuses: await (await requireOperatorConsole(context)).chains() };
}

export default function OperatorChainsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Chains">
        <p>
          What the indexer last reported per chain. A chain shows red when it is more than{" "}
          {loaderData.statuses.lag_threshold_seconds} seconds behind or its indexer has been silent that long.
        </p>
      </PageHeader>
      <ChainTable statuses={loaderData.statuses} />
    </>
  );
}
