import type { ReactNode } from "react";
import type { MessageArgs } from "../../i18n/compiled";
import { type MessageId, useT } from "../../i18n/use-t";
import { PageHeader } from "../../ui/page-header";

export interface OperatorSectionProps {
  titleId: MessageId;
  leadId: MessageId;
  /** The lead's arguments, where it names a figure of the section (a threshold, a window). */
  leadArgs?: MessageArgs;
  children: ReactNode;
}

/** A console section's page: its title and lead under the console's name, then the section itself. */
export function OperatorSection({ titleId, leadId, leadArgs, children }: OperatorSectionProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("operator.title")} title={t(titleId)}>
        <p>{t(leadId, leadArgs)}</p>
      </PageHeader>
      {children}
    </>
  );
}
