import { SIGN_IN_CODE_LENGTH } from "@arcana/protocol";
import { type Ref, useId } from "react";
import { useT } from "../../i18n/use-t";
import styles from "./sign-in.module.css";

/**
 * The digits of a sign-in code from whatever was typed or pasted: "123 456", "123-456" and
 * "Your code is 123456" all give "123456".
 */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, SIGN_IN_CODE_LENGTH);
}

export interface CodeFieldProps {
  value: string;
  onChange: (digits: string) => void;
  /** Called once all six digits are in, so a pasted or autofilled code signs in by itself. */
  onComplete: (digits: string) => void;
  disabled?: boolean;
  /** The id of the message describing a problem with the code. */
  errorId?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** One field for the whole code: phones offer it from the SMS/e-mail bar, and paste just works. */
export function CodeField({ value, onChange, onComplete, disabled, errorId, inputRef }: CodeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const t = useT();
  return (
    <div className={styles.codeField}>
      <label className={styles.label} htmlFor={id}>
        {t("auth.codeLabel")}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="code"
        className={styles.codeInput}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        // No maxLength: the browser would cut a pasted "Your code is 123456" before we read it.
        pattern={`\\d{${SIGN_IN_CODE_LENGTH}}`}
        placeholder={"•".repeat(SIGN_IN_CODE_LENGTH)}
        spellCheck={false}
        required
        value={value}
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
        onChange={(event) => {
          const digits = codeDigits(event.target.value);
          onChange(digits);
          if (digits.length === SIGN_IN_CODE_LENGTH && digits !== value) onComplete(digits);
        }}
      />
      <p id={hintId} className={styles.hint}>
        {t("auth.codeHint", { length: SIGN_IN_CODE_LENGTH })}
      </p>
    </div>
  );
}
