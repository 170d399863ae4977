import { BoxesReport } from "../features/operator/boxes-report";
import { requireOperatorConsole } from "../features/operator/console-access";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.boxes";

export async function loader({ context }: Route.LoaderArgs) {
  return { boxes: await (await requireOperatorConsole(context)).boxes() };
}

export default function OperatorBoxesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t("operator.boxes.title")}>
        <p>{t("operator.boxes.lead")}</p>
      </PageHeader>
      <BoxesReport boxes={loaderData.boxes} />
    </>
  );
}
