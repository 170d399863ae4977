import { useSessionUser } from "../features/account/use-session-user";
import { FeatureTiles } from "../features/home/feature-tiles";
import { MemberDashboard } from "../features/home/member-dashboard";
import { VisitorHero } from "../features/home/visitor-hero";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    undefined,
    "Mint a wallet-bound Genesis Pass, stake it for points, check in daily, draw tarot and open loot boxes.",
  );

export default function HomePage() {
  const user = useSessionUser();
  if (!user) {
    return (
      <div className={styles.page}>
        <VisitorHero />
        <FeatureTiles />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Your dashboard" title="Arcana">
        <p>Welcome back, {user.email}.</p>
      </PageHeader>
      <MemberDashboard />
      <FeatureTiles />
    </div>
  );
}
