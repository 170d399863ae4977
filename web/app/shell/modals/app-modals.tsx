import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { MintedPassResult } from "../../features/genesis-pass/minted-pass-result";
import { InvitesSuccessPanel } from "../../features/referrals/invites-success-panel";
import { type MessageId, useT } from "../../i18n/use-t";
import { Modal } from "../../ui/modal";
import { Spinner } from "../../ui/spinner";
import { type ModalName, modalNames, useModalStore } from "./modal-store";

/** Each modal's title. */
const modalTitles: Record<ModalName, MessageId> = {
  pointsHistory: "modal.pointsHistory.title",
  mintedResult: "modal.mintedResult.title",
  bindWallet: "modal.bindWallet.title",
  checkIn: "modal.checkIn.title",
  invites: "modal.invites.title",
  invitesSuccess: "modal.invitesSuccess.title",
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

const modalBodies: Record<ModalName, () => ReactNode> = {
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
  const t = useT();
  return modalNames.map((name) => (
    <Modal key={name} open={flags[name]} onClose={() => flags.closeModal(name)} title={t(modalTitles[name])}>
      {modalBodies[name]()}
    </Modal>
  ));
}
