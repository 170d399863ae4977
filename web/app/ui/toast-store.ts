import { create } from "zustand";
import type { Translate } from "../i18n/use-t";

export type ToastTone = "info" | "success" | "error";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * A toast's text: a sentence, or how to say it in the page's language (said when the toast renders, so code
 * outside React can show translated text and a language switch re-says it).
 */
export type ToastMessage = string | ((t: Translate) => string);

export interface Toast {
  id: number;
  message: ToastMessage;
  tone: ToastTone;
  action?: ToastAction | undefined;
  /** How long the toast stays; null keeps it until the member dismisses it. */
  durationMs: number | null;
}

export interface ToastInput {
  message: ToastMessage;
  tone?: ToastTone;
  action?: ToastAction;
  durationMs?: number | null;
}

interface ToastState {
  toasts: Toast[];
  showToast: (toast: ToastInput) => number;
  dismissToast: (id: number) => void;
}

export const defaultToastDurationMs = 5000;
/** Older toasts give way so a burst of messages never covers the page. */
export const maxVisibleToasts = 3;

let nextToastId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  showToast: ({ message, tone = "info", action, durationMs = defaultToastDurationMs }) => {
    const id = nextToastId++;
    set((state) => ({ toasts: [...state.toasts, { id, message, tone, action, durationMs }].slice(-maxVisibleToasts) }));
    return id;
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** For code outside React (e.g. the chunk-load handler). */
export const showToast = (toast: ToastInput) => useToastStore.getState().showToast(toast);
