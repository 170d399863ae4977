import type { User } from "@arcana/protocol";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { aroundArgument, useT } from "../../i18n/use-t";
import { useModalStore } from "../../shell/modals/modal-store";
import { Badge } from "../../ui/badge";
import { Spinner } from "../../ui/spinner";
import styles from "./account-menu.module.css";
import { formatPoints } from "./points";
import { useSignOut } from "./use-sign-out";

/** The signed-in member's menu in the header: who they are, their points and level, account actions. */
export function AccountMenu({ user }: { user: User }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();
  const openModal = useModalStore((state) => state.openModal);
  const level = user.display_level;
  const signedInAs = aroundArgument(t, "shell.account.signedInAs", "email");

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Tabbing past the last item leaves the menu, so it closes rather than hang over the page.
    const closeOnFocusLeaving = (event: FocusEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    document.addEventListener("keydown", closeOnEscape);
    document.addEventListener("focusin", closeOnFocusLeaving);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePress);
      document.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("focusin", closeOnFocusLeaving);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {user.email.charAt(0).toUpperCase()}
        </span>
        <span className={styles.email} translate="no">
          {user.email}
        </span>
        <span className="visually-hidden">{t("shell.account.menu")}</span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <div className={styles.summary}>
          <p className={styles.signedInAs}>
            {signedInAs[0]}
            <strong translate="no">{user.email}</strong>
            {signedInAs[1]}
          </p>
          <dl className={styles.stats}>
            <div>
              <dt>{t("shell.account.points")}</dt>
              <dd className={styles.points}>{formatPoints(user.pts, t)}</dd>
            </div>
            <div>
              <dt>{t("shell.account.level")}</dt>
              <dd>
                <Badge tone={level === "gold" ? "gold" : "neutral"}>{t("shell.account.levelName", { level })}</Badge>
              </dd>
            </div>
          </dl>
        </div>
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            setOpen(false);
            openModal("invites");
          }}
        >
          {t("modal.invites.title")}
        </button>
        <Link className={styles.item} to="/change-password" onClick={() => setOpen(false)}>
          {t("shell.page.changePassword")}
        </Link>
        <button
          type="button"
          className={styles.item}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          aria-busy={signOut.isPending || undefined}
        >
          {signOut.isPending && <Spinner />}
          {t("shell.account.signOut")}
        </button>
      </div>
    </div>
  );
}
