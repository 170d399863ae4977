import { type ReactNode, useEffect, useRef } from "react";
import { useT } from "../../i18n/use-t";
import { Input, type InputProps } from "../../ui/input";
import { Sigil, type SigilName } from "../../ui/sigil";
import styles from "./sign-in.module.css";

/** The title, sigil and lead that open each step of the sign-in flow. */
export function StepHeader({ sigil, title, children }: { sigil: SigilName; title: string; children: ReactNode }) {
  return (
    <header className={styles.stepHeader}>
      <span className={styles.sigil}>
        <Sigil name={sigil} size={28} />
      </span>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.lead}>{children}</div>
    </header>
  );
}

/** The e-mail field of both sign-in forms; the password form names it "username" for password managers. */
export function EmailInput({
  onChange,
  ...rest
}: Omit<InputProps, "label" | "name" | "type" | "onChange"> & { onChange: (value: string) => void }) {
  const t = useT();
  return (
    <Input
      label={t("auth.emailLabel")}
      name="email"
      type="email"
      inputMode="email"
      placeholder={t("auth.emailPlaceholder")}
      spellCheck={false}
      required
      onChange={(event) => onChange(event.target.value)}
      {...rest}
    />
  );
}

export function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step first appears.
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, []);
  return ref;
}

/** The line under a step's form that offers the other way in. */
export function StepAlternative({ lead, action, onClick }: { lead?: string; action: string; onClick: () => void }) {
  return (
    <p className={styles.alternative}>
      {lead !== undefined && <>{lead} </>}
      <button type="button" className={styles.linkButton} onClick={onClick}>
        {action}
      </button>
    </p>
  );
}
