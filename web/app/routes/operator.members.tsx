import { requireOperatorConsole } from "../features/operator/console-access";
import { MemberSearch } from "../features/operator/member-search";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.members";

export async function loader({ context, request }: Route.LoaderArgs) {
  const reads = await requireOperatorConsole(context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  return { query, results: query.length >= 2 ? await reads.searchMembers(query) : null };
}

export default function OperatorMembersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t("operator.members.title")}>
        <p>{t("operator.members.lead")}</p>
      </PageHeader>
      <MemberSearch query={loaderData.query} results={loaderData.results} />
    </>
  );
}
