import { requireOperatorConsole } from "../features/operator/console-access";
import { InvitesReport } from "../features/operator/invites-report";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.invites";

export async function loader({ context }: Route.LoaderArgs) {
  return { invites: await (await requireOperatorConsole(context)).invites() };
}

export default function OperatorInvitesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Invites">
        <p>
          How far invites get, from a code used to the inviter's claim, and per code: uses, qualified invites, refusals
          with their reasons and the points paid. KOL codes come first.
        </p>
      </PageHeader>
      <InvitesReport invites={loaderData.invites} />
    </>
  );
}
