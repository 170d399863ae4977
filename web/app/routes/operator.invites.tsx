import { requireOperatorConsole } from "../features/operator/console-access";
import { InvitesReport } from "../features/operator/invites-report";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.invites";

export async function loader({ context }: Route.LoaderArgs) {
  return { invites: await (await requireOperatorConsole(context)).invites() };
}

export default function OperatorInvitesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t("operator.invites.title")}>
        <p>{t("operator.invites.lead")}</p>
      </PageHeader>
      <InvitesReport invites={loaderData.invites} />
    </>
  );
}
