import { useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import styles from "./minted-pass-result.module.css";
import { useMintedPassStore } from "./minted-pass-store";

function shortHash(hash: string) {
  return `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}

/** The "minted result" modal's body: the new pass, its token id, network and transaction. */
export function MintedPassResult() {
  const t = useT();
  const minted = useMintedPassStore((state) => state.minted);
  const closeModal = useModalStore((state) => state.closeModal);
  if (!minted) return <p>{t("modal.mintedResult.pending")}</p>;
  const name =
    minted.tokenId === null ? t("shell.page.pass") : t("shell.passName", { tokenId: String(minted.tokenId) });
  return (
    <div className={styles.result} data-testid="minted-result">
      <img className={styles.image} src="/api/nft/image.svg" alt={name} width={160} height={224} />
      <p className={styles.headline}>{t("modal.mintedResult.headline")}</p>
      <dl className={styles.facts}>
        <dt>{t("modal.mintedResult.pass")}</dt>
        <dd>{name}</dd>
        <dt>{t("modal.mintedResult.network")}</dt>
        <dd>{minted.chainName}</dd>
        <dt>{t("modal.mintedResult.transaction")}</dt>
        <dd className={styles.hash} translate="no">
          {minted.explorerUrl ? (
            <a href={`${minted.explorerUrl}/tx/${minted.txHash}`} target="_blank" rel="noreferrer">
              {shortHash(minted.txHash)}
            </a>
          ) : (
            shortHash(minted.txHash)
          )}
        </dd>
      </dl>
      <p>{t("modal.mintedResult.bound")}</p>
      <Button onClick={() => closeModal("mintedResult")}>{t("modal.mintedResult.see")}</Button>
    </div>
  );
}
