import { BoxesReport } from "../features/operator/boxes-report";
import { requireOperatorConsole } from "../features/operator/console-access";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.boxes";

export async function loader({ context }: Route.LoaderArgs) {
  return { boxes: await (await requireOperatorConsole(context)).boxes() };
}

export default function OperatorBoxesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Boxes">
        <p>
          Sales, supply and openings per box, and each reward's stated share beside the observed one, with Pearson's
          chi-square test: a small p-value means the results drift further from the odds than chance explains.
        </p>
      </PageHeader>
      <BoxesReport boxes={loaderData.boxes} />
    </>
  );
}
