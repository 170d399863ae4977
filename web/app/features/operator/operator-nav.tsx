import { NavLink } from "react-router";
import { type MessageId, useT } from "../../i18n/use-t";
import styles from "./operator.module.css";

const sections: Array<{ to: string; label: MessageId; end: boolean }> = [
  { to: "/operator", label: "operator.overview.title", end: true },
  { to: "/operator/boxes", label: "operator.boxes.title", end: false },
  { to: "/operator/invites", label: "operator.invites.title", end: false },
  { to: "/operator/members", label: "operator.members.title", end: false },
  { to: "/operator/chains", label: "operator.chains.title", end: false },
  { to: "/operator/sponsorship", label: "operator.sponsorship.title", end: false },
  { to: "/operator/reminders", label: "operator.reminders.title", end: false },
  { to: "/operator/audit", label: "operator.audit.title", end: false },
];

/** The console's sections. */
export function OperatorNav() {
  const t = useT();
  return (
    <nav aria-label={t("operator.title")} className={styles.nav}>
      {sections.map((section) => (
        <NavLink key={section.to} to={section.to} end={section.end} className={styles.navLink}>
          {t(section.label)}
        </NavLink>
      ))}
    </nav>
  );
}
