import { LootBoxPage as LootBox } from "../features/loot-box/loot-box-page";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/loot-box";

export const meta: Route.MetaFunction = () =>
  pageMeta("Loot Boxes", "Spend points on loot boxes with their odds shown up front and provably fair openings.");

export default function LootBoxPage() {
  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Spend your points" title="Loot Boxes">
        <p>
          Every box shows its price, supply and full odds before you buy, and every opening is provably fair: you can
          check each result yourself.
        </p>
      </PageHeader>
      <LootBox />
    </div>
  );
}
