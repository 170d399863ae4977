import { NavLink } from "react-router";
import styles from "./operator.module.css";

const sections = [
  { to: "/operator", label: "Overview", end: true },
  { to: "/operator/boxes", label: "Boxes", end: false },
  { to: "/operator/invites", label: "Invites", end: false },
  { to: "/operator/members", label: "Members", end: false },
  { to: "/operator/chains", label: "Chains", end: false },
  { to: "/operator/sponsorship", label: "Sponsorship", end: false },
  { to: "/operator/audit", label: "Audit log", end: false },
];

/** The console's sections. */
export function OperatorNav() {
  return (
    <nav aria-label="Operator console" className={styles.nav}>
      {sections.map((section) => (
        <NavLink key={section.to} to={section.to} end={section.end} className={styles.navLink}>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
