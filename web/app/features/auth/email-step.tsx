import { emailAddressSchema, normalizeEmail, type SendCodeResponse, SIGN_IN_CODE_LENGTH } from "@arcana/protocol";
import { type FormEvent, useId, useState } from "react";
import { useT } from "../../i18n/use-t";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import styles from "./sign-in.module.css";
import { EmailInput, StepAlternative, StepHeader, useFocusOnMount } from "./sign-in-step";
import { useSendCode } from "./use-sign-in";

export interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  focusOnMount: boolean;
  onCodeSent: (address: string, sent: SendCodeResponse) => void;
  onHaveCode: (address: string, retryAfterSeconds: number) => void;
  onUsePassword: () => void;
}

export function EmailStep({
  email,
  onEmailChange,
  focusOnMount,
  onCodeSent,
  onHaveCode,
  onUsePassword,
}: EmailStepProps) {
  const t = useT();
  const sendCode = useSendCode();
  const [error, setError] = useState<{ message: string; retryAfter: number | null } | null>(null);
  const errorId = useId();
  const emailRef = useFocusOnMount<HTMLInputElement>(focusOnMount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!emailAddressSchema.safeParse(address).success) {
      setError({ message: t("auth.invalidEmail"), retryAfter: null });
      emailRef.current?.focus();
      return;
    }
    setError(null);
    sendCode.mutate(address, {
      onSuccess: (sent) => onCodeSent(address, sent),
      onError: (failure) =>
        setError({
          message: errorMessage(failure, t),
          // A code went out moments ago (another tab, a double click): the member may already hold it.
          retryAfter:
            failure instanceof ApiRequestError && failure.code === "too_many_requests" ? failure.retryAfter : null,
        }),
    });
  };

  return (
    <>
      <StepHeader sigil="key" title={t("shell.signIn")}>
        <p>{t("auth.emailLead", { length: SIGN_IN_CODE_LENGTH })}</p>
        <p>{t("auth.emailLead2")}</p>
      </StepHeader>
      <form className={styles.form} onSubmit={submit} noValidate>
        <EmailInput
          ref={emailRef}
          autoComplete="email"
          value={email}
          onChange={(value) => {
            onEmailChange(value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <FormAlert id={errorId}>
            {error.message}
            {error.retryAfter !== null && (
              <>
                {" "}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => onHaveCode(normalizeEmail(email), error.retryAfter ?? 0)}
                >
                  {t("auth.haveCode")}
                </button>
              </>
            )}
          </FormAlert>
        )}
        <Button type="submit" loading={sendCode.isPending} className={styles.submit}>
          {t("auth.sendCode")}
        </Button>
      </form>
      <StepAlternative lead={t("auth.setPassword")} action={t("auth.withPassword")} onClick={onUsePassword} />
    </>
  );
}
