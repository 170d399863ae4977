import { requireOperatorConsole } from "../features/operator/console-access";
import { MemberSearch } from "../features/operator/member-search";
import { OperatorSection } from "../features/operator/operator-section";
import type { Route } from "./+types/operator.members";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = await requireOperatorConsole(context);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  return { query, results: query.length >= 2 ? await reads.searchMembers(query) : null };
}

export default function OperatorMembersPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection titleId="operator.members.title" leadId="operator.members.lead">
      <MemberSearch query={loaderData.query} results={loaderData.results} />
    </OperatorSection>
  );
}
