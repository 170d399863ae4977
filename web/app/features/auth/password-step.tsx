import { emailAddressSchema, normalizeEmail } from "@arcana/protocol";
import { type FormEvent, useId, useState } from "react";
import { useT } from "../../i18n/use-t";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import styles from "./sign-in.module.css";
import { EmailInput, StepAlternative, StepHeader, useFocusOnMount } from "./sign-in-step";
import { useSignIn } from "./use-sign-in";

export interface PasswordStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  redirectTo: string;
  onUseCode: () => void;
}

export function PasswordStep({ email, onEmailChange, redirectTo, onUseCode }: PasswordStepProps) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ message: string; field: "email" | "password" } | null>(null);
  const signIn = useSignIn(redirectTo);
  const errorId = useId();
  const emailRef = useFocusOnMount<HTMLInputElement>(email === "");
  const passwordRef = useFocusOnMount<HTMLInputElement>(email !== "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const address = normalizeEmail(email);
    if (!emailAddressSchema.safeParse(address).success) {
      setError({ message: t("auth.invalidEmail"), field: "email" });
      emailRef.current?.focus();
      return;
    }
    if (!password) {
      setError({ message: t("auth.enterPassword"), field: "password" });
      passwordRef.current?.focus();
      return;
    }
    setError(null);
    signIn.mutate(
      { type: "password", email: address, password },
      {
        onError: (failure) => {
          const field = failure instanceof ApiRequestError && failure.code === "invalid_email" ? "email" : "password";
          setError({ message: errorMessage(failure, t), field });
          (field === "email" ? emailRef : passwordRef).current?.select();
        },
      },
    );
  };

  const describe = (field: "email" | "password") =>
    error?.field === field ? { "aria-invalid": true, "aria-describedby": errorId } : {};

  return (
    <>
      <StepHeader sigil="key" title={t("auth.withPassword")}>
        <p>{t("auth.passwordLead")}</p>
      </StepHeader>
      <form className={styles.form} onSubmit={submit} noValidate>
        <EmailInput
          ref={emailRef}
          autoComplete="username"
          value={email}
          onChange={(value) => {
            onEmailChange(value);
            setError(null);
          }}
          {...describe("email")}
        />
        <Input
          ref={passwordRef}
          label={t("auth.passwordLabel")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          {...describe("password")}
        />
        {error && <FormAlert id={errorId}>{error.message}</FormAlert>}
        <Button type="submit" loading={signIn.isPending} className={styles.submit}>
          {t("shell.signIn")}
        </Button>
      </form>
      <StepAlternative lead={t("auth.noPassword")} action={t("auth.withCode")} onClick={onUseCode} />
    </>
  );
}
