import { create } from "zustand";
import { useModalStore } from "../../shell/modals/modal-store";

/** The pass the member just minted, for the "minted result" modal. */
export interface MintedPass {
  /** Null only if the receipt named no token; the modal then says the pass is on its way. */
  tokenId: number | null;
  chainName: string;
  txHash: string;
  explorerUrl: string | null;
}

export const useMintedPassStore = create<{ minted: MintedPass | null }>()(() => ({ minted: null }));

/** Records the minted pass and opens the modal that celebrates it. */
export function showMintedPass(minted: MintedPass) {
  useMintedPassStore.setState({ minted });
  useModalStore.getState().openModal("mintedResult");
}
