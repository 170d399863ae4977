import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import styles from "./minted-pass-result.module.css";
import { useMintedPassStore } from "./minted-pass-store";

function shortHash(hash: string) {
  return `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}

/** The "minted result" modal's body: the new pass, its token id, network and transaction. */
export function MintedPassResult() {
  const minted = useMintedPassStore((state) => state.minted);
  const closeModal = useModalStore((state) => state.closeModal);
  if (!minted) return <p>Your Genesis Pass will show here once it is minted.</p>;
  const name = minted.tokenId === null ? "Genesis Pass" : `Genesis Pass #${minted.tokenId}`;
  return (
    <div className={styles.result} data-testid="minted-result">
      <img className={styles.image} src="/api/nft/image.svg" alt={name} width={160} height={224} />
      <p className={styles.headline}>Minted!</p>
      <dl className={styles.facts}>
        <dt>Pass</dt>
        <dd>{name}</dd>
        <dt>Network</dt>
        <dd>{minted.chainName}</dd>
        <dt>Transaction</dt>
        <dd className={styles.hash}>
          {minted.explorerUrl ? (
            <a href={`${minted.explorerUrl}/tx/${minted.txHash}`} target="_blank" rel="noreferrer">
              {shortHash(minted.txHash)}
            </a>
          ) : (
            shortHash(minted.txHash)
          )}
        </dd>
      </dl>
      <p>It is bound to your wallet for good. Stake it to start earning points every GMT day.</p>
      <Button onClick={() => closeModal("mintedResult")}>See my pass</Button>
    </div>
  );
}
