import { requireOperatorConsole } from "../features/operator/console-access";
import { SponsorshipReport } from "../features/operator/sponsorship-report";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.sponsorship";

export async function loader({ context }: Route.LoaderArgs) {
  return { sponsorship: await (await requireOperatorConsole(context)).sponsorship() };
}

export default function OperatorSponsorshipPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Sponsorship">
        <p>
          The relayers that pay members' sponsored transactions: balance, today's spend against the budget, the queue
          and its outcomes, and sponsored actions per GMT day over the last {loaderData.sponsorship.window_days} days.
        </p>
      </PageHeader>
      <SponsorshipReport sponsorship={loaderData.sponsorship} />
    </>
  );
}
