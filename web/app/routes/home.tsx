import { lazy, Suspense } from "react";
import { useSessionUser } from "../features/account/use-session-user";
import { FeatureTiles } from "../features/home/feature-tiles";
import { VisitorHero } from "../features/home/visitor-hero";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/home";

// Visitors, most of the first loads of `/`, never download the member's dashboard.
const MemberDashboard = lazy(() =>
  import("../features/home/member-dashboard").then((module) => ({ default: module.MemberDashboard })),
);

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
      <Suspense fallback={null}>
        <MemberDashboard />
      </Suspense>
      <FeatureTiles />
    </div>
  );
}
