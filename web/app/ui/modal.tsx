import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "../i18n/use-t";
import styles from "./modal.module.css";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons at the bottom of the dialog. */
  footer?: ReactNode;
}

/**
 * An accessible modal dialog: labelled by its title, closes on Escape, the close button or a
 * click on the backdrop, keeps Tab inside, and gives focus back to whatever opened it.
 */
export function Modal({ open, onClose, title, children, footer }: ModalProps) {
  if (!open || typeof document === "undefined") return null;
  return createPortal(
    <ModalFrame onClose={onClose} title={title} footer={footer}>
      {children}
    </ModalFrame>,
    document.body,
  );
}

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

/**
 * Open dialogs with the order they rendered in (a dialog opened inside another renders after it,
 * even when both mount at once): only the innermost answers Escape.
 */
const openDialogs = new Map<HTMLElement, number>();
let renderedDialogs = 0;
/** The page's own overflow style, put back when the last dialog closes. */
let pageOverflow = "";

function innermostDialog(): HTMLElement | null {
  let innermost: HTMLElement | null = null;
  let latest = -1;
  for (const [dialog, order] of openDialogs) {
    if (order > latest) [innermost, latest] = [dialog, order];
  }
  return innermost;
}

function ModalFrame({ onClose, title, children, footer }: Omit<ModalProps, "open">) {
  const titleId = useId();
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const [order] = useState(() => ++renderedDialogs);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.focus();
    // The page behind must not scroll while a dialog has the member's attention.
    if (openDialogs.size === 0) {
      pageOverflow = document.body.style.overflow;
      document.body.style.overflow = "hidden";
    }
    openDialogs.set(dialog, order);
    // Listened for on the document, not the dialog: when the focused button inside is disabled or
    // removed, focus falls back to the page, and Escape and Tab must still reach the dialog.
    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      // One key press closes one dialog, even if the inner one is already gone when this runs.
      if (event.defaultPrevented || innermostDialog() !== dialog || !dialog) return;
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab" && !dialog.contains(document.activeElement)) {
        event.preventDefault();
        (focusableIn(dialog)[0] ?? dialog).focus();
      }
    }
    document.addEventListener("keydown", onDocumentKeyDown);
    return () => {
      document.removeEventListener("keydown", onDocumentKeyDown);
      openDialogs.delete(dialog);
      if (openDialogs.size === 0) document.body.style.overflow = pageOverflow;
      opener?.focus();
    };
  }, [order]);

  /** Keeps Tab inside the dialog, wrapping at both ends. */
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // A dialog opened from inside this one renders elsewhere in the page but its key presses bubble through here too
    // (React's tree): each dialog keeps only its own Tab.
    if (event.key !== "Tab" || !dialogRef.current || !dialogRef.current.contains(event.target as Node)) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    // Focus on something Tab does not stop at (the dialog itself, a result that took focus when its button went):
    // the browser would go on from there in the page's order and could leave the dialog; go to the control that
    // follows it (or precedes it, with Shift) inside the dialog instead, wrapping at the ends.
    if (active instanceof HTMLElement && !focusable.includes(active)) {
      event.preventDefault();
      const position = (element: HTMLElement) => active.compareDocumentPosition(element);
      const next = event.shiftKey
        ? (focusable.filter((element) => position(element) & Node.DOCUMENT_POSITION_PRECEDING).at(-1) ?? last)
        : (focusable.find((element) => position(element) & Node.DOCUMENT_POSITION_FOLLOWING) ?? first);
      next.focus();
      return;
    }
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape is its keyboard equivalent.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document (see above).
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A drag that starts inside the dialog and ends outside is not a click on the backdrop.
        if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t("shell.close")}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
