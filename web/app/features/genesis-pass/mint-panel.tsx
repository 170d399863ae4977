import type { PublicChain } from "@arcana/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { Badge } from "../../ui/badge";
import { Button, buttonClassName } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { contractErrorMessage } from "../../wallet-runtime/contract-errors";
import type { RelayProgress } from "../../wallet-runtime/sponsored-write";
import { useContractWrite, type WriteStage } from "../../wallet-runtime/use-contract-write";
import { showWalletError } from "../../wallet-runtime/wallet-errors";
import { loadWalletRuntime } from "../../wallet-runtime/wallet-store";
import { GasStatus } from "../sponsorship/gas-status";
import { sponsorshipFailed } from "../sponsorship/pay-own-gas";
import { RelayProgressView } from "../sponsorship/relay-progress";
import { useGasPayer } from "../sponsorship/use-sponsorship";
import { connectLabel } from "../wallets/connect-label";
import { shortAddress } from "../wallets/short-address";
import type { ChainExpectation } from "./chain-sync";
import styles from "./genesis-pass.module.css";
import { formatLocalTime } from "./local-time";
import type { MintStep } from "./mint-eligibility";
import { showMintedPass } from "./minted-pass-store";
import { LoadingLines } from "./skeletons";
import { transactionStepText } from "./transaction-steps";

export interface MintPanelProps {
  step: MintStep;
  boundWallet: string | null;
  target: PublicChain | null;
  chains: PublicChain[];
  onChooseTarget: (chainId: number) => void;
  /** Asks again for the allowlist and passes after a failure. */
  onRetry: () => void;
  /** A mint was sent and the chain has not reported it yet. */
  syncing: boolean;
  /** The chain did not report the mint in time. */
  stalled: boolean;
  onRefresh: () => void;
  awaitChain: (expected: ChainExpectation) => void;
}

interface MintProblem {
  message: string;
  /** The wallet was on another network: the card offers to switch it. */
  wrongNetwork: boolean;
  /** Arcana's sponsorship refused or failed: the card offers paying the gas. */
  offerPayingGas: boolean;
}

/** Mint: who may, on which network, and the transaction from authorization to "Minted!". */
export function MintPanel(props: MintPanelProps) {
  const { step, target } = props;
  const openModal = useModalStore((state) => state.openModal);
  const [problem, setProblem] = useState<MintProblem | null>(null);
  const minting = useContractWrite({
    // The transaction code (viem, the ABI) loads with the first click, not with the page.
    prepare: async ({ address, chainId }: { address: string; chainId: number }, onStage) =>
      (await import("./pass-transactions")).mintWrite(address, chainId, onStage),
    sponsoredAction: () => "mint",
    invalidates: () => [],
  });
  const progress = minting.stage;

  async function mint(payOwnGas = false) {
    if (!target || !props.boundWallet) return;
    setProblem(null);
    try {
      const { prepared, receipt } = await minting.mutateAsync(
        { address: props.boundWallet, chainId: target.id },
        { payOwnGas },
      );
      const { mintedTokenId } = await import("./pass-transactions");
      const chainId = prepared.write.chainId;
      const tokenId = mintedTokenId(receipt, prepared.to);
      const chain = props.chains.find((candidate) => candidate.id === chainId);
      showMintedPass({
        tokenId,
        chainName: chain?.name ?? target.name,
        txHash: receipt.transactionHash,
        explorerUrl: chain?.explorer_url ?? null,
      });
      props.awaitChain({ kind: "minted", chainId, tokenId });
    } catch (error) {
      setProblem({
        message: contractErrorMessage(error, {
          formatTime: formatLocalTime,
          gasCurrency: target.native_currency.symbol,
        }),
        wrongNetwork: error instanceof Error && error.name === "ChainMismatchError",
        offerPayingGas: sponsorshipFailed(error),
      });
    }
  }

  async function switchNetwork(chain: PublicChain) {
    try {
      await (await loadWalletRuntime()).switchEvmChain(chain.id);
      setProblem(null);
    } catch (error) {
      showWalletError(error);
    }
  }

  const showsNetwork = step.kind !== "visitor" && step.kind !== "bind-wallet" && step.kind !== "checking";

  return (
    <Card tone="glow" className={styles.mintCard} aria-labelledby="mint-title">
      <img className={styles.mintArt} src="/api/nft/image.svg" alt="" width={120} height={168} />
      <div className={styles.mintBody}>
        <CardTitle id="mint-title">Mint your pass</CardTitle>
        {showsNetwork && target && (
          <NetworkChoice target={target} chains={props.chains} onChoose={props.onChooseTarget} />
        )}
        <MintStepBody
          {...props}
          progress={progress}
          relay={minting.relay}
          problem={problem}
          onMint={(payOwnGas) => void mint(payOwnGas)}
          onSwitch={(chain) => void switchNetwork(chain)}
          onOpenWallet={() => openModal("bindWallet")}
        />
      </div>
    </Card>
  );
}

function NetworkChoice({
  target,
  chains,
  onChoose,
}: {
  target: PublicChain;
  chains: PublicChain[];
  onChoose: (chainId: number) => void;
}) {
  return (
    <>
      <label className={styles.network}>
        <span>Network</span>
        <select className={styles.select} value={target.id} onChange={(event) => onChoose(Number(event.target.value))}>
          {chains.map((chain) => (
            <option key={chain.id} value={chain.id}>
              {chain.name}
            </option>
          ))}
        </select>
      </label>
      {target.gas_note && <p className={styles.gasNote}>{target.gas_note}</p>}
    </>
  );
}

function MintStepBody({
  step,
  boundWallet,
  target,
  onRetry,
  syncing,
  stalled,
  onRefresh,
  progress,
  relay,
  problem,
  onMint,
  onSwitch,
  onOpenWallet,
}: MintPanelProps & {
  progress: WriteStage | null;
  relay: RelayProgress | null;
  problem: MintProblem | null;
  onMint: (payOwnGas: boolean) => void;
  onSwitch: (chain: PublicChain) => void;
  onOpenWallet: () => void;
}) {
  const t = useT();
  switch (step.kind) {
    case "visitor":
      return (
        <>
          <p className={styles.muted}>Sign in with your e-mail to mint your Genesis Pass, stake it and earn points.</p>
          <div className={styles.actions}>
            <Link to="/auth?redirect=%2Fgenesis-pass" className={buttonClassName({})}>
              Sign in to mint
            </Link>
          </div>
        </>
      );
    case "bind-wallet":
      return (
        <>
          <p className={styles.muted}>
            Your pass is minted to the wallet bound to your account. Bind an EVM wallet first: connect it and sign one
            message.
          </p>
          <div className={styles.actions}>
            <Button onClick={onOpenWallet}>Bind a wallet</Button>
          </div>
        </>
      );
    case "checking":
      return <LoadingLines label="Checking whether you can mint" />;
    case "check-failed":
      return (
        <>
          <FormAlert>We could not check whether you can mint.</FormAlert>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </>
      );
    case "minted":
      return (
        <>
          <div className={styles.actions}>
            <Badge tone="gold">Minted</Badge>
          </div>
          <p className={styles.muted}>
            You hold Genesis Pass #{step.tokenId} on {target?.name}. Stake it below to earn points every GMT day.
          </p>
        </>
      );
    case "not-allowlisted":
      return (
        <FormAlert tone="info">
          Minting is open to members on the allowlist, and your account is not on it yet. Places are given out through
          community events and loot boxes.
        </FormAlert>
      );
    case "not-deployed":
      return (
        <FormAlert tone="info">
          The Genesis Pass is not on {step.chainName} yet. Choose another network to mint.
        </FormAlert>
      );
    case "connect-wallet":
      return (
        <>
          <p className={styles.muted}>
            Connect your bound wallet{boundWallet ? ` (${shortAddress(boundWallet)})` : ""} to send the mint
            transaction.
          </p>
          <div className={styles.actions}>
            <Button loading={step.connecting} onClick={onOpenWallet}>
              {connectLabel(t, step.connecting ? "connecting" : "disconnected")}
            </Button>
          </div>
        </>
      );
    case "wrong-account":
      return (
        <>
          <FormAlert>
            Your wallet is on account {shortAddress(step.connected)}, but your bound wallet is{" "}
            {shortAddress(step.bound)}. Switch accounts in your wallet to mint.
          </FormAlert>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onOpenWallet}>
              Open wallet
            </Button>
          </div>
        </>
      );
    case "can-mint":
      if (syncing || stalled) {
        return (
          <>
            <p className={styles.status} role="status">
              {syncing && <Spinner />}
              {syncing
                ? "Minted! Waiting for the chain to report your pass …"
                : "Your pass is minted; the chain has not reported it to Arcana yet."}
            </p>
            {stalled && (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={onRefresh}>
                  Refresh
                </Button>
              </div>
            )}
          </>
        );
      }
      return (
        <>
          <p className={styles.muted}>One pass per wallet, bound to it for good.</p>
          <GasStatus chain={target} action="mint" wallet={boundWallet} verb="mint your pass" />
          {step.mismatch && !problem && (
            <FormAlert tone="info">
              Chain mismatch: Expected {step.mismatch.expected}, received {step.mismatch.received}. Minting asks your
              wallet to switch first.
            </FormAlert>
          )}
          <div className={styles.actions}>
            <Button loading={progress !== null} onClick={() => onMint(false)}>
              <MintLabel target={target} />
            </Button>
            {problem?.offerPayingGas && progress === null && (
              <Button variant="secondary" onClick={() => onMint(true)}>
                Pay the gas myself
              </Button>
            )}
            {(step.mismatch || problem?.wrongNetwork) && target && (
              <Button variant="secondary" onClick={() => onSwitch(target)} disabled={progress !== null}>
                Switch to {target.name}
              </Button>
            )}
          </div>
          {progress && (
            <p className={styles.status} role="status">
              <Spinner />
              {transactionStepText[progress]}
            </p>
          )}
          {relay && <RelayProgressView progress={relay} explorerUrl={target?.explorer_url ?? null} credits={false} />}
          {problem && <FormAlert>{problem.message}</FormAlert>}
        </>
      );
  }
}

function MintLabel({ target }: { target: PublicChain | null }) {
  const free = useGasPayer(target, "mint").payer === "arcana";
  return <>{free ? "Mint Genesis Pass (free)" : "Mint Genesis Pass"}</>;
}
