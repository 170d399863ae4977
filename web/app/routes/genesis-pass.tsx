import { GenesisPassSections } from "../features/genesis-pass/genesis-pass-page";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/genesis-pass";

export const meta: Route.MetaFunction = () =>
  pageMeta("Genesis Pass", "Mint your wallet-bound Genesis Pass, stake it and claim the points it earns.");

export default function GenesisPassPage() {
  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Wallet-bound NFT" title="Genesis Pass">
        <p>
          The Genesis Pass is bound to your wallet: one per wallet, never transferable. Stake it to earn points every
          GMT day and claim them whenever you like.
        </p>
      </PageHeader>
      <GenesisPassSections />
    </div>
  );
}
