import { DailyTarot } from "../features/tarot/daily-tarot";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/daily-tarot";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Daily Tarot",
    "Draw three tarot cards once per GMT day and read what they say about your past, present and future.",
  );

export default function DailyTarotPage() {
  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Once a day" title="Daily Tarot">
        <p>
          Three cards from the 78-card deck, for your past, present and future, once per GMT day. Your reading stays
          with you until the day turns, and recording the draw on chain earns tarot points.
        </p>
      </PageHeader>
      <DailyTarot />
    </div>
  );
}
