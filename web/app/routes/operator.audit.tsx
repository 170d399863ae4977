import { data, Link } from "react-router";
import { AuditTable } from "../features/operator/audit-table";
import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import { useT } from "../i18n/use-t";
import type { Route } from "./+types/operator.audit";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = await requireOperatorConsole(context);
  const cursor = url.searchParams.get("cursor");
  if (cursor !== null && !/^\d{1,15}$/.test(cursor)) throw data(null, { status: 404 });
  return { audit: await reads.audit(cursor ?? undefined) };
}

export default function OperatorAuditPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <OperatorSection titleId="operator.audit.title" leadId="operator.audit.lead">
      <AuditTable entries={loaderData.audit.items} />
      {loaderData.audit.next_cursor && (
        <p>
          <Link to={`?cursor=${loaderData.audit.next_cursor}`}>{t("operator.olderEntries")}</Link>
        </p>
      )}
    </OperatorSection>
  );
}
