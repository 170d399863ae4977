import { SignMessagePlayground } from "../features/wallets/sign-message-playground";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/playground.sign-message";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign a message", "Sign any text with your EVM or Solana wallet and verify the signature in the page.");

export default function SignMessagePage() {
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageHeader eyebrow="Playground" title="Sign a message">
        <p>
          Sign any text with your connected EVM or Solana wallet, then verify the signature right here, in your browser.
        </p>
      </PageHeader>
      <SignMessagePlayground />
    </div>
  );
}
