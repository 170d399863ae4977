import { Link } from "react-router";
import { useSessionUser } from "../features/account/use-session-user";
import { MemberDashboard } from "../features/home/member-dashboard";
import { pageMeta } from "../lib/page-meta";
import { buttonClassName } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Logo } from "../ui/logo";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/app";

export const meta: Route.MetaFunction = () =>
  pageMeta("Dashboard", "The Arcana member dashboard without the site's chrome, for wallet in-app browsers.");

export default function AppDashboardPage() {
  const user = useSessionUser();
  return (
    <div className={styles.page}>
      <Link to="/" aria-label="Arcana, home">
        <Logo />
      </Link>
      <PageHeader eyebrow="Member dashboard" title="Arcana">
        <p>Everything from your dashboard in one compact view, made for the browser inside your wallet app.</p>
      </PageHeader>
      {user ? (
        <MemberDashboard />
      ) : (
        <EmptyState
          sigil="moon"
          title="Sign in to see your dashboard"
          action={
            <Link to="/auth?redirect=%2Fapp" className={buttonClassName({})}>
              Sign in
            </Link>
          }
        >
          <p>Your points, check-in streak, Genesis Pass and today's tarot reading will appear here.</p>
        </EmptyState>
      )}
    </div>
  );
}
