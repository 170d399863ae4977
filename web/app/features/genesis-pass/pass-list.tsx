import { useState } from "react";
import type { Hex } from "viem";
import { useRootData } from "../../lib/root-data";
import { useModalStore } from "../../shell/modals/modal-store";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { contractErrorMessage } from "../../wallet-runtime/contract-errors";
import { useContractWrite } from "../../wallet-runtime/use-contract-write";
import { GasStatus } from "../sponsorship/gas-status";
import { sponsorshipFailed } from "../sponsorship/pay-own-gas";
import { RelayProgressView } from "../sponsorship/relay-progress";
import { useGasPayer } from "../sponsorship/use-sponsorship";
import { shortAddress } from "../wallets/short-address";
import { canWrite, type WalletGate } from "../wallets/wallet-gate";
import type { ChainExpectation } from "./chain-sync";
import styles from "./genesis-pass.module.css";
import { formatLocalTime, LocalTime } from "./local-time";
import type { PassCard } from "./pass-display";
import { PassCardSkeleton } from "./skeletons";
import { transactionStepText } from "./transaction-steps";

export interface PassListProps {
  cards: PassCard[] | undefined;
  failed: boolean;
  onRetry: () => void;
  waiting: ChainExpectation[];
  stalled: ChainExpectation | null;
  onRefresh: () => void;
  /** The wallet gate (../wallets/wallet-gate.ts): a stake or unstake waits for a connected, bound wallet. */
  gate: WalletGate;
  boundWallet: string | null;
  awaitChain: (expected: ChainExpectation) => void;
  /** After an unstake attempt: the server may have settled the pass's points. */
  onUnstakeSettled: (settledPoints: number) => void;
}

/** The member's passes, one card each, with stake and unstake. */
export function PassList(props: PassListProps) {
  const { cards } = props;
  return (
    <section className={styles.passesSection} aria-labelledby="passes-title">
      <div className={styles.sectionHeading}>
        <h2 id="passes-title" className={styles.sectionTitle}>
          Your passes
        </h2>
        {cards && cards.length > 0 && (
          <p className={styles.muted}>
            {cards.length} {cards.length === 1 ? "pass" : "passes"}
          </p>
        )}
      </div>
      <PassListBody {...props} />
    </section>
  );
}

function PassListBody({ cards, failed, onRetry, ...rest }: PassListProps) {
  if (failed && !cards) {
    return (
      <Card>
        <FormAlert>We could not load your passes.</FormAlert>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }
  if (!cards) {
    return (
      <div className={styles.passGrid} role="status" aria-busy="true">
        <span className="visually-hidden">Loading your passes …</span>
        <PassCardSkeleton />
        <PassCardSkeleton />
      </div>
    );
  }
  if (cards.length === 0) {
    return (
      <EmptyState sigil="star" title="No passes yet">
        <p>Mint your Genesis Pass above. It shows up here as soon as the chain confirms it.</p>
      </EmptyState>
    );
  }
  return (
    <ul className={styles.passGrid}>
      {cards.map((card) => (
        <li key={card.tokenId}>
          <PassCardView card={card} {...rest} />
        </li>
      ))}
    </ul>
  );
}

const blockerText = {
  connect: "Connect your bound wallet to stake or unstake.",
  "wrong-account": "Switch your wallet to your bound account to stake or unstake.",
} as const;

/** What a stake or unstake tells the member when the wallet gate stops it; null when it can go. */
function blocker(gate: WalletGate): keyof typeof blockerText | null {
  if (canWrite(gate)) return null;
  return gate.status === "wrong-account" ? "wrong-account" : "connect";
}

function PassCardView({
  card,
  waiting,
  stalled,
  onRefresh,
  gate,
  boundWallet,
  awaitChain,
  onUnstakeSettled,
}: Omit<PassListProps, "cards" | "failed" | "onRetry"> & { card: PassCard }) {
  const openModal = useModalStore((state) => state.openModal);
  const [problem, setProblem] = useState<{ message: string; offerPayingGas: boolean } | null>(null);
  // The transaction code (viem, the ABI) loads with the first click, not with the page.
  const staking = useContractWrite({
    prepare: async (pass: { tokenId: number; chainId: number; contract: Hex }) =>
      (await import("./pass-transactions")).stakeWrite(pass),
    sponsoredAction: () => "stake",
    invalidates: () => [],
  });
  const unstaking = useContractWrite({
    prepare: async (pass: { tokenId: number; chainId: number }, onStage) =>
      (await import("./pass-transactions")).unstakeWrite(pass, onStage),
    sponsoredAction: () => "unstake",
    invalidates: () => [],
  });
  const progress = staking.stage ?? unstaking.stage;
  const relay = staking.relay ?? unstaking.relay;
  const action = card.staked ? "unstake" : "stake";
  const chain = useRootData()?.config.chains.find((candidate) => candidate.id === card.chainId) ?? null;
  const free = useGasPayer(chain, action).payer === "arcana";
  const mine = (expected: ChainExpectation) => expected.chainId === card.chainId && expected.tokenId === card.tokenId;
  const syncing = waiting.some(mine);
  const isStalled = stalled !== null && mine(stalled);
  const name = `Genesis Pass #${card.tokenId}`;

  async function send(payOwnGas = false) {
    const stopped = blocker(gate);
    if (stopped) {
      setProblem({
        message:
          stopped === "wrong-account" && boundWallet
            ? `${blockerText[stopped]} (${shortAddress(boundWallet)})`
            : blockerText[stopped],
        offerPayingGas: false,
      });
      openModal("bindWallet");
      return;
    }
    if (!card.contract) {
      setProblem({
        message: `Arcana does not list the Genesis Pass contract on ${card.chainName}.`,
        offerPayingGas: false,
      });
      return;
    }
    const pass = { tokenId: card.tokenId, chainId: card.chainId, contract: card.contract };
    setProblem(null);
    try {
      if (action === "stake") {
        await staking.mutateAsync(pass, { payOwnGas });
        awaitChain({ kind: "staked", chainId: card.chainId, tokenId: card.tokenId });
      } else {
        let settled = 0;
        try {
          settled = (await unstaking.mutateAsync(pass, { payOwnGas })).prepared.settledPoints;
        } finally {
          onUnstakeSettled(settled);
        }
        awaitChain({ kind: "unstaked", chainId: card.chainId, tokenId: card.tokenId });
      }
    } catch (error) {
      setProblem({
        message: contractErrorMessage(error, { formatTime: formatLocalTime, gasCurrency: card.gasCurrency }),
        offerPayingGas: sponsorshipFailed(error),
      });
    }
  }

  return (
    <Card as="article" className={styles.passCard} aria-label={name} data-testid={`pass-${card.tokenId}`}>
      <img className={styles.passImage} src="/api/nft/image.svg" alt="" width={88} height={123} />
      <div className={styles.passInfo}>
        <h3 className={styles.passTitle}>{name}</h3>
        <div className={styles.badges}>
          {card.staked ? <Badge tone="success">Staked</Badge> : <Badge>Not staked</Badge>}
          <Badge tone="gold">{card.chainName}</Badge>
        </div>
        <dl className={styles.passFacts}>
          <div>
            <dt>Token id</dt>
            <dd>{card.tokenId}</dd>
          </div>
          {card.stakedSinceMs !== null && (
            <div>
              <dt>Staked since</dt>
              <dd data-testid="staked-since">
                <LocalTime ms={card.stakedSinceMs} />
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div className={styles.passFooter}>
        {card.gasNote && <p className={styles.gasNote}>{card.gasNote}</p>}
        {syncing ? (
          <p className={styles.status} role="status">
            <Spinner />
            Waiting for the chain to confirm the {action === "stake" ? "stake" : "unstake"} …
          </p>
        ) : (
          <div className={styles.actions}>
            <Button
              variant={action === "stake" ? "primary" : "secondary"}
              size="sm"
              loading={progress !== null}
              onClick={() => void send()}
            >
              {action === "stake" ? "Stake" : "Unstake"}
              {free ? " (free)" : ""}
            </Button>
            {problem?.offerPayingGas && progress === null && (
              <Button variant="secondary" size="sm" onClick={() => void send(true)}>
                Pay the gas myself
              </Button>
            )}
            {!card.staked && <span className={styles.muted}>Staked passes earn points every GMT day.</span>}
          </div>
        )}
        {!syncing && progress === null && (
          <GasStatus chain={chain} action={action} wallet={boundWallet} verb={`${action} your pass`} />
        )}
        {progress && (
          <p className={styles.status} role="status">
            {transactionStepText[progress]}
          </p>
        )}
        {relay && <RelayProgressView progress={relay} explorerUrl={chain?.explorer_url ?? null} credits={false} />}
        {isStalled && (
          <div className={styles.actions}>
            <p className={styles.muted}>The chain has not reported this transaction to Arcana yet.</p>
            <Button variant="ghost" size="sm" onClick={onRefresh}>
              Refresh
            </Button>
          </div>
        )}
        {problem && <FormAlert>{problem.message}</FormAlert>}
      </div>
    </Card>
  );
}
