import { Link } from "react-router";
import { type MessageId, useT } from "../../i18n/use-t";
import { Card } from "../../ui/card";
import { Sigil, type SigilName } from "../../ui/sigil";
import styles from "./feature-tiles.module.css";

const features: { to: string; sigil: SigilName; title: MessageId; description: MessageId }[] = [
  { to: "/genesis-pass", sigil: "star", title: "shell.page.pass", description: "home.tile.pass" },
  { to: "/daily-tarot", sigil: "card", title: "shell.page.tarot", description: "home.tile.tarot" },
  { to: "/loot-box", sigil: "chest", title: "shell.page.loot", description: "home.tile.loot" },
];

/** The product's main areas, as doors into them. */
export function FeatureTiles() {
  const t = useT();
  return (
    <ul className={styles.tiles}>
      {features.map((feature) => (
        <li key={feature.to}>
          <Card as="article" className={styles.tile}>
            <span className={styles.sigil}>
              <Sigil name={feature.sigil} size={28} />
            </span>
            <h2 className={styles.title}>
              <Link to={feature.to} className={styles.link}>
                {t(feature.title)}
              </Link>
            </h2>
            <p className={styles.description}>{t(feature.description)}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
