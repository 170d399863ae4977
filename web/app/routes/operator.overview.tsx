import { operatorWindows } from "@arcana/protocol";
import { requireOperatorConsole } from "../features/operator/console-access";
import { Overview } from "../features/operator/overview";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.overview";

export async function loader({ context, request }: Route.LoaderArgs) {
  const reads = await requireOperatorConsole(context);
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = (operatorWindows as readonly number[]).includes(asked) ? asked : operatorWindows[0];
  return { overview: await reads.overview(days) };
}

export default function OperatorOverviewPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t("operator.overview.title")}>
        <p>{t("operator.overview.lead")}</p>
      </PageHeader>
      <Overview overview={loaderData.overview} />
    </>
  );
}
