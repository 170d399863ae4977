import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { MintedPassResult } from "../../features/genesis-pass/minted-pass-result";
import { InvitesSuccessPanel } from "../../features/referrals/invites-success-panel";
import { Modal } from "../../ui/modal";
import { Spinner } from "../../ui/spinner";
import { type ModalName, modalNames, useModalStore } from "./modal-store";

/** Titles and, until their features land, what each modal is for. */
const modalContent: Record<ModalName, { title: string; purpose: string }> = {
  pointsHistory: {
    title: "Rewards history",
    purpose:
      "Every point you earn or spend will be listed here, newest first: check-ins, staking claims, tarot, loot boxes and referrals.",
  },
  mintedResult: {
    title: "Genesis Pass minted",
    purpose:
      "When your Genesis Pass is minted, this will show the pass, its token number and the transaction on chain.",
  },
  bindWallet: {
    title: "Bind a wallet",
    purpose:
      "Here you will connect an EVM wallet and sign a message to bind it to your account. One wallet per account.",
  },
  checkIn: {
    title: "Daily check-in",
    purpose: "Your streak over the last seven GMT days and today's check-in will appear here.",
  },
  invites: {
    title: "Invite friends",
    purpose: "Your invite code, a share link and the rewards your invitees have earned you will appear here.",
  },
  invitesSuccess: {
    title: "Invite code accepted",
    purpose: "Once you use a friend's invite code, this will confirm it and show what you both receive.",
  },
};

// Modal bodies with heavy code load when first opened, never with the page.
const BindWalletPanel = lazy(() => import("../../features/wallets/bind-wallet-panel"));
const CheckInPanel = lazy(() => import("../../features/daily/check-in-panel"));
const PointsHistoryPanel = lazy(() => import("../../features/points-history/points-history-panel"));
const InvitesPanel = lazy(() => import("../../features/referrals/invites-panel"));

/** A panel that loads when its modal first opens, with a spinner meanwhile. */
const loading = (Panel: ComponentType) => () => (
  <Suspense fallback={<Spinner />}>
    <Panel />
  </Suspense>
);

const modalBodies: Partial<Record<ModalName, () => ReactNode>> = {
  bindWallet: loading(BindWalletPanel),
  checkIn: loading(CheckInPanel),
  pointsHistory: loading(PointsHistoryPanel),
  invites: loading(InvitesPanel),
  invitesSuccess: () => <InvitesSuccessPanel />,
  mintedResult: () => <MintedPassResult />,
};

/** Renders the open app-wide modals; loaded by `ModalHost` once the page is up. */
export default function AppModals() {
  const flags = useModalStore();
  return modalNames.map((name) => (
    <Modal key={name} open={flags[name]} onClose={() => flags.closeModal(name)} title={modalContent[name].title}>
      {modalBodies[name]?.() ?? <p>{modalContent[name].purpose}</p>}
    </Modal>
  ));
}
