import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import { SponsorshipReport } from "../features/operator/sponsorship-report";
import type { Route } from "./+types/operator.sponsorship";

export async function loader({ context }: Route.LoaderArgs) {
  return { sponsorship: await (await requireOperatorConsole(context)).sponsorship() };
}

export default function OperatorSponsorshipPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection
      titleId="operator.sponsorship.title"
      leadId="operator.sponsorship.lead"
      leadArgs={{ days: loaderData.sponsorship.window_days }}
    >
      <SponsorshipReport sponsorship={loaderData.sponsorship} />
    </OperatorSection>
  );
}
