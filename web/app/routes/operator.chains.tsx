import { ChainTable } from "../features/operator/chain-table";
import { requireOperatorConsole } from "../features/operator/console-access";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.chains";

export async function loader({ context }: Route.LoaderArgs) {
  return { statuses: await (await requireOperatorConsole(context)).chains() };
}

export default function OperatorChainsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t("operator.chains.title")}>
        <p>{t("operator.chains.lead", { seconds: loaderData.statuses.lag_threshold_seconds })}</p>
      </PageHeader>
      <ChainTable statuses={loaderData.statuses} />
    </>
  );
}
