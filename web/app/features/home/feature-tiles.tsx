import { Link } from "react-router";
import { Card } from "../../ui/card";
import { Sigil, type SigilName } from "../../ui/sigil";
import styles from "./feature-tiles.module.css";

const features: { to: string; sigil: SigilName; title: string; description: string }[] = [
  {
    to: "/genesis-pass",
    sigil: "star",
    title: "Genesis Pass",
    description: "One wallet-bound pass per wallet. Stake it to earn points every GMT day.",
  },
  {
    to: "/daily-tarot",
    sigil: "card",
    title: "Daily Tarot",
    description: "Draw past, present and future once a day and read what the cards say.",
  },
  {
    to: "/loot-box",
    sigil: "chest",
    title: "Loot Boxes",
    description: "Spend points on boxes with their odds shown up front and provably fair openings.",
  },
];

/** The product's main areas, as doors into them. */
export function FeatureTiles() {
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
                {feature.title}
              </Link>
            </h2>
            <p className={styles.description}>{feature.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
