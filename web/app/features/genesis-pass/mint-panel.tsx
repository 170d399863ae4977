import type { PublicChain } from "@arcana/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { useLanguage, useT } from "../../i18n/use-t";
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
import { ChainSelect } from "../wallets/chain-select";
import { connectLabel } from "../wallets/connect-label";
import { shortAddress } from "../wallets/short-address";
import type { ChainExpectation } from "./chain-sync";
import styles from "./genesis-pass.module.css";
import { formatLocalTime } from "./local-time";
import type { MintStep } from "./mint-eligibility";
import { showMintedPass } from "./minted-pass-store";
import { RetryAlert } from "./retry-alert";
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
  const t = useT();
  const language = useLanguage();
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
          t,
          formatTime: (date) => formatLocalTime(date, language),
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
        <CardTitle id="mint-title">{t("pass.mint.title")}</CardTitle>
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
  const t = useT();
  return (
    <>
      <label className={styles.network}>
        <span>{t("pass.mint.network")}</span>
        <ChainSelect className={styles.select} chains={chains} value={target.id} onChoose={onChoose} />
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
          <p className={styles.muted}>{t("pass.mint.visitor")}</p>
          <div className={styles.actions}>
            <Link to="/auth?redirect=%2Fgenesis-pass" className={buttonClassName({})}>
              {t("pass.mint.signIn")}
            </Link>
          </div>
        </>
      );
    case "bind-wallet":
      return (
        <>
          <p className={styles.muted}>{t("pass.mint.bindFirst")}</p>
          <div className={styles.actions}>
            <Button onClick={onOpenWallet}>{t("modal.bindWallet.title")}</Button>
          </div>
        </>
      );
    case "checking":
      return <LoadingLines label={t("pass.mint.checking")} />;
    case "check-failed":
      return <RetryAlert onRetry={onRetry}>{t("pass.mint.checkFailed")}</RetryAlert>;
    case "minted":
      return (
        <>
          <div className={styles.actions}>
            <Badge tone="gold">{t("pass.mint.minted")}</Badge>
          </div>
          <p className={styles.muted}>
            {t("pass.mint.youHold", { tokenId: String(step.tokenId), network: target?.name ?? "" })}
          </p>
        </>
      );
    case "not-allowlisted":
      return <FormAlert tone="info">{t("pass.mint.notAllowlisted")}</FormAlert>;
    case "not-deployed":
      return <FormAlert tone="info">{t("pass.mint.notDeployed", { network: step.chainName })}</FormAlert>;
    case "connect-wallet":
      return (
        <>
          <p className={styles.muted}>
            {boundWallet
              ? t("pass.mint.connectAddress", { address: shortAddress(boundWallet) })
              : t("pass.mint.connect")}
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
            {t("pass.mint.wrongAccount", { connected: shortAddress(step.connected), bound: shortAddress(step.bound) })}
          </FormAlert>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onOpenWallet}>
              {t("pass.mint.openWallet")}
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
              {syncing ? t("pass.mint.syncing") : t("pass.mint.stalled")}
            </p>
            {stalled && (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={onRefresh}>
                  {t("pass.refresh")}
                </Button>
              </div>
            )}
          </>
        );
      }
      return (
        <>
          <p className={styles.muted}>{t("pass.mint.onePerWallet")}</p>
          <GasStatus chain={target} action="mint" wallet={boundWallet} verb={t("pass.verb.mint")} />
          {step.mismatch && !problem && (
            <FormAlert tone="info">
              {t("pass.mint.mismatch", { expected: step.mismatch.expected, received: step.mismatch.received })}
            </FormAlert>
          )}
          <div className={styles.actions}>
            <Button loading={progress !== null} onClick={() => onMint(false)}>
              <MintLabel target={target} />
            </Button>
            {problem?.offerPayingGas && progress === null && (
              <Button variant="secondary" onClick={() => onMint(true)}>
                {t("pass.payGas")}
              </Button>
            )}
            {(step.mismatch || problem?.wrongNetwork) && target && (
              <Button variant="secondary" onClick={() => onSwitch(target)} disabled={progress !== null}>
                {t("pass.mint.switchTo", { network: target.name })}
              </Button>
            )}
          </div>
          {progress && (
            <p className={styles.status} role="status">
              <Spinner />
              {t(transactionStepText[progress])}
            </p>
          )}
          {relay && <RelayProgressView progress={relay} explorerUrl={target?.explorer_url ?? null} credits={false} />}
          {problem && <FormAlert>{problem.message}</FormAlert>}
        </>
      );
  }
}

function MintLabel({ target }: { target: PublicChain | null }) {
  const t = useT();
  const free = useGasPayer(target, "mint").payer === "arcana";
  return <>{t(free ? "pass.mint.mintFree" : "pass.mint.mint")}</>;
}
