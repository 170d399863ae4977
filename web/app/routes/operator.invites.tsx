import { requireOperatorConsole } from "../features/operator/console-access";
import { InvitesReport } from "../features/operator/invites-report";
import { OperatorSection } from "../features/operator/operator-section";
import type { Route } from "./+types/operator.invites";

export async function loader({ context }: Route.LoaderArgs) {
  return { invites: await (await requireOperatorConsole(context)).invites() };
}

export default function OperatorInvitesPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection titleId="operator.invites.title" leadId="operator.invites.lead">
      <InvitesReport invites={loaderData.invites} />
    </OperatorSection>
  );
}
