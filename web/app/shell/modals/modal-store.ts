import { create } from "zustand";

/** The app-wide modals, each opened from anywhere by name (spec §2). */
export const modalNames = [
  "pointsHistory",
  "mintedResult",
  "bindWallet",
  "checkIn",
  "invites",
  "invitesSuccess",
] as const;

export type ModalName = (typeof modalNames)[number];

export type ModalFlags = Record<ModalName, boolean>;

interface ModalState extends ModalFlags {
  openModal: (name: ModalName) => void;
  closeModal: (name: ModalName) => void;
}

export const closedModals: ModalFlags = {
  pointsHistory: false,
  mintedResult: false,
  bindWallet: false,
  checkIn: false,
  invites: false,
  invitesSuccess: false,
};

export const useModalStore = create<ModalState>()((set) => ({
  ...closedModals,
  openModal: (name) => set({ [name]: true }),
  closeModal: (name) => set({ [name]: false }),
}));
