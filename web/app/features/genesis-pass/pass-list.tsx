import { useState } from "react";
import type { Hex } from "viem";
import { type MessageId, useLanguage, useT } from "../../i18n/use-t";
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
import { RetryAlert } from "./retry-alert";
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
  const t = useT();
  return (
    <section className={styles.passesSection} aria-labelledby="passes-title">
      <div className={styles.sectionHeading}>
        <h2 id="passes-title" className={styles.sectionTitle}>
          {t("pass.list.title")}
        </h2>
        {cards && cards.length > 0 && <p className={styles.muted}>{t("pass.list.count", { count: cards.length })}</p>}
      </div>
      <PassListBody {...props} />
    </section>
  );
}

function PassListBody({ cards, failed, onRetry, ...rest }: PassListProps) {
  const t = useT();
  if (failed && !cards) {
    return (
      <Card>
        <RetryAlert onRetry={onRetry}>{t("pass.list.loadFailed")}</RetryAlert>
      </Card>
    );
  }
  if (!cards) {
    return (
      <div className={styles.passGrid} role="status" aria-busy="true">
        <span className="visually-hidden">{t("pass.list.loading")}</span>
        <PassCardSkeleton />
        <PassCardSkeleton />
      </div>
    );
  }
  if (cards.length === 0) {
    return (
      <EmptyState sigil="star" title={t("pass.list.emptyTitle")}>
        <p>{t("pass.list.emptyText")}</p>
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
  connect: "pass.list.connect",
  "wrong-account": "pass.list.wrongAccount",
} as const satisfies Record<string, MessageId>;

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
  const t = useT();
  const language = useLanguage();
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
  const name = t("shell.passName", { tokenId: String(card.tokenId) });

  async function send(payOwnGas = false) {
    const stopped = blocker(gate);
    if (stopped) {
      setProblem({
        message:
          stopped === "wrong-account" && boundWallet
            ? t("pass.list.wrongAccountAddress", { address: shortAddress(boundWallet) })
            : t(blockerText[stopped]),
        offerPayingGas: false,
      });
      openModal("bindWallet");
      return;
    }
    if (!card.contract) {
      setProblem({
        message: t("pass.list.noContract", { network: card.chainName }),
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
        message: contractErrorMessage(error, {
          t,
          formatTime: (date) => formatLocalTime(date, language),
          gasCurrency: card.gasCurrency,
        }),
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
          {card.staked ? (
            <Badge tone="success">{t("pass.list.staked")}</Badge>
          ) : (
            <Badge>{t("pass.list.notStaked")}</Badge>
          )}
          <Badge tone="gold">{card.chainName}</Badge>
        </div>
        <dl className={styles.passFacts}>
          <div>
            <dt>{t("pass.list.tokenId")}</dt>
            <dd>{card.tokenId}</dd>
          </div>
          {card.stakedSinceMs !== null && (
            <div>
              <dt>{t("pass.list.stakedSince")}</dt>
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
            {t(action === "stake" ? "pass.list.waitingStake" : "pass.list.waitingUnstake")}
          </p>
        ) : (
          <div className={styles.actions}>
            <Button
              variant={action === "stake" ? "primary" : "secondary"}
              size="sm"
              loading={progress !== null}
              onClick={() => void send()}
            >
              {t(
                action === "stake"
                  ? free
                    ? "pass.list.stakeFree"
                    : "pass.list.stake"
                  : free
                    ? "pass.list.unstakeFree"
                    : "pass.list.unstake",
              )}
            </Button>
            {problem?.offerPayingGas && progress === null && (
              <Button variant="secondary" size="sm" onClick={() => void send(true)}>
                {t("pass.payGas")}
              </Button>
            )}
            {!card.staked && <span className={styles.muted}>{t("pass.list.stakeHint")}</span>}
          </div>
        )}
        {!syncing && progress === null && (
          <GasStatus
            chain={chain}
            action={action}
            wallet={boundWallet}
            verb={t(action === "stake" ? "pass.verb.stake" : "pass.verb.unstake")}
          />
        )}
        {progress && (
          <p className={styles.status} role="status">
            {t(transactionStepText[progress])}
          </p>
        )}
        {relay && (
          <RelayProgressView
            progress={relay}
            explorerUrl={chain?.explorer_url ?? null}
            credits={false}
            awaitingState={syncing}
          />
        )}
        {isStalled && (
          <div className={styles.actions}>
            <p className={styles.muted}>{t("pass.list.stalled")}</p>
            <Button variant="ghost" size="sm" onClick={onRefresh}>
              {t("pass.refresh")}
            </Button>
          </div>
        )}
        {problem && <FormAlert>{problem.message}</FormAlert>}
      </div>
    </Card>
  );
}
