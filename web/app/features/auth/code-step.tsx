import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_MS } from "@arcana/protocol";
import { useId, useRef, useState } from "react";
import { aroundArgument, useT } from "../../i18n/use-t";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { CodeField } from "./code-field";
import { formatCountdown, useCountdown } from "./countdown";
import styles from "./sign-in.module.css";
import { StepAlternative, StepHeader, useFocusOnMount } from "./sign-in-step";
import { useSendCode, useSignIn } from "./use-sign-in";

export interface CodeStepProps {
  email: string;
  /** How long the code we just sent stays valid; null when the member brought their own. */
  codeMinutes: number | null;
  resendAt: number | null;
  redirectTo: string;
  onWait: (seconds: number) => void;
  onChangeEmail: () => void;
}

export function CodeStep({ email, codeMinutes, resendAt, redirectTo, onWait, onChangeEmail }: CodeStepProps) {
  const t = useT();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const signIn = useSignIn(redirectTo);
  const resend = useSendCode();
  const secondsToResend = useCountdown(resendAt);
  const codeRef = useFocusOnMount<HTMLInputElement>(true);
  const resendRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();

  const submitCode = (digits: string) => {
    if (signIn.isPending) return;
    setNotice(null);
    if (digits.length !== SIGN_IN_CODE_LENGTH) {
      setError(t("auth.enterCode", { length: SIGN_IN_CODE_LENGTH }));
      codeRef.current?.focus();
      return;
    }
    setError(null);
    signIn.mutate(
      { type: "code", email, code: digits },
      {
        onError: (failure) => {
          setError(errorMessage(failure, t));
          const needsNewCode =
            failure instanceof ApiRequestError && (failure.code === "code_expired" || failure.code === "code_locked");
          if (needsNewCode) {
            setCode("");
            // The next step is a new code: take the member to the button, once it can be pressed.
            if (resendRef.current && !resendRef.current.disabled) resendRef.current.focus();
            else codeRef.current?.focus();
          } else {
            codeRef.current?.select();
          }
        },
      },
    );
  };

  const resendCode = () => {
    setError(null);
    setNotice(null);
    resend.mutate(email, {
      onSuccess: (sent) => {
        onWait(sent.resend_after);
        setCode("");
        setNotice(t("auth.resent", { email }));
        codeRef.current?.focus();
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.retryAfter) onWait(failure.retryAfter);
        setError(errorMessage(failure, t));
      },
    });
  };

  const minutes = codeMinutes ?? SIGN_IN_CODE_TTL_MS / 60_000;
  const [before, after] = aroundArgument(
    (id, args) => t(id, { ...args, length: SIGN_IN_CODE_LENGTH, minutes }),
    codeMinutes === null ? "auth.codeSentEarlier" : "auth.codeSent",
    "email",
  );
  return (
    <>
      <StepHeader sigil="quill" title={t("auth.checkEmail")}>
        <p>
          {before}
          <strong className={styles.address}>{email}</strong>
          {after}
        </p>
      </StepHeader>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submitCode(code);
        }}
        noValidate
      >
        <CodeField
          inputRef={codeRef}
          value={code}
          onChange={(digits) => {
            setCode(digits);
            if (error) setError(null);
          }}
          onComplete={submitCode}
          errorId={error ? errorId : undefined}
        />
        {error && <FormAlert id={errorId}>{error}</FormAlert>}
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        <Button type="submit" loading={signIn.isPending} className={styles.submit}>
          {t("shell.signIn")}
        </Button>
      </form>
      <div className={styles.resendRow}>
        <span className={styles.muted}>{t("auth.noEmail")}</span>
        <Button
          ref={resendRef}
          variant="secondary"
          size="sm"
          onClick={resendCode}
          disabled={secondsToResend > 0}
          loading={resend.isPending}
        >
          {secondsToResend > 0 ? (
            <>
              {t("auth.resendIn")} <span className={styles.countdown}>{formatCountdown(secondsToResend)}</span>
            </>
          ) : (
            t("auth.resend")
          )}
        </Button>
      </div>
      <StepAlternative action={t("auth.otherEmail")} onClick={onChangeEmail} />
    </>
  );
}
