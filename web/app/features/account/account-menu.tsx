import type { User } from "@arcana/protocol";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import styles from "./account-menu.module.css";

/** The signed-in member's menu in the header; more account actions join it as they ship. */
export function AccountMenu({ user }: { user: Pick<User, "email"> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

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
    document.addEventListener("pointerdown", closeOnOutsidePress);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePress);
      document.removeEventListener("keydown", closeOnEscape);
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
        <span className={styles.email}>{user.email}</span>
        <span className="visually-hidden">, account menu</span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.signedInAs}>
          Signed in as <strong>{user.email}</strong>
        </p>
        <Link className={styles.item} to="/change-password" onClick={() => setOpen(false)}>
          Change password
        </Link>
      </div>
    </div>
  );
}
