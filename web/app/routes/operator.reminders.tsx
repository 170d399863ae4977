import { requireOperatorConsole } from "../features/operator/console-access";
import { OperatorSection } from "../features/operator/operator-section";
import { RemindersReport } from "../features/operator/reminders-report";
import type { Route } from "./+types/operator.reminders";

export async function loader({ context }: Route.LoaderArgs) {
  return { reminders: await (await requireOperatorConsole(context)).reminders() };
}

export default function OperatorRemindersPage({ loaderData }: Route.ComponentProps) {
  return (
    <OperatorSection titleId="operator.reminders.title" leadId="operator.reminders.lead">
      <RemindersReport reminders={loaderData.reminders} />
    </OperatorSection>
  );
}
