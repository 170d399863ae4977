import { requireOperatorConsole } from "../features/operator/console-access";
import { SponsorshipReport } from "../features/operator/sponsorship-report";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.sponsorship";

export async function loader({ context }: Route.LoaderArgs) {
  return { sponsorship: await (await requireOperatorConsole(context)).sponsorship() };
}

export default function OperatorSponsorshipPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t("operator.sponsorship.title")}>
        <p>{t("operator.sponsorship.lead", { days: loaderData.sponsorship.window_days })}</p>
      </PageHeader>
      <SponsorshipReport sponsorship={loaderData.sponsorship} />
    </>
  );
}
