import { data } from "react-router";
import { requireOperatorConsole } from "../features/operator/console-access";
import { MemberDetail } from "../features/operator/member-detail";
import { useT } from "../i18n/use-t";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/operator.member";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reads = await requireOperatorConsole(context);
  const detail = await reads.member(params.id);
  if (!detail) throw data(null, { status: 404 });
  return { detail, ledger: await reads.memberLedger(params.id) };
}

export default function OperatorMemberPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.member.eyebrow")} title={loaderData.detail.member.email} />
      <MemberDetail detail={loaderData.detail} ledger={loaderData.ledger} />
    </>
  );
}
