import {
  emailAddressSchema,
  normalizeEmail,
  type SendCodeResponse,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_TTL_MS,
} from "@arcana/protocol";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { aroundArgument, useT } from "../../i18n/use-t";
import { ApiRequestError, errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Input, type InputProps } from "../../ui/input";
import { Sigil, type SigilName } from "../../ui/sigil";
import { CodeField } from "./code-field";
import { formatCountdown, useCountdown } from "./countdown";
import styles from "./sign-in.module.css";
import { useSendCode, useSignIn } from "./use-sign-in";

type Step = "email" | "code" | "password";

export interface SignInFlowProps {
  /** Where the member goes once signed in: a same-site path. */
  redirectTo: string;
}

/** `/auth`: e-mail, then the code we send to it; or e-mail and password for members who set one. */
export function SignInFlow({ redirectTo }: SignInFlowProps) {
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [codeSentTo, setCodeSentTo] = useState("");
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [codeMinutes, setCodeMinutes] = useState<number | null>(null);
  // The first field takes focus when the member moves between steps, not on arrival.
  const [moved, setMoved] = useState(false);

  const goTo = (next: Step) => {
    setMoved(true);
    setStep(next);
  };
  const waitBeforeResend = (seconds: number) => setResendAt(Date.now() + seconds * 1000);
  const enterCode = (address: string, retryAfterSeconds: number, sent?: SendCodeResponse) => {
    setCodeSentTo(address);
    setCodeMinutes(sent ? Math.round(sent.expires_in / 60) : null);
    waitBeforeResend(retryAfterSeconds);
    goTo("code");
  };

  return (
    <Card tone="glow" className={styles.card}>
      {step === "email" && (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          focusOnMount={moved}
          onCodeSent={(address, sent) => enterCode(address, sent.resend_after, sent)}
          onHaveCode={(address, retryAfter) => enterCode(address, retryAfter)}
          onUsePassword={() => goTo("password")}
        />
      )}
      {step === "code" && (
        <CodeStep
          email={codeSentTo}
          codeMinutes={codeMinutes}
          resendAt={resendAt}
          redirectTo={redirectTo}
          onWait={waitBeforeResend}
          onChangeEmail={() => goTo("email")}
        />
      )}
      {step === "password" && (
        <PasswordStep email={email} onEmailChange={setEmail} redirectTo={redirectTo} onUseCode={() => goTo("email")} />
      )}
    </Card>
  );
}

function StepHeader({ sigil, title, children }: { sigil: SigilName; title: string; children: ReactNode }) {
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
function EmailInput({
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

function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step first appears.
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, []);
  return ref;
}

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  focusOnMount: boolean;
  onCodeSent: (address: string, sent: SendCodeResponse) => void;
  onHaveCode: (address: string, retryAfterSeconds: number) => void;
  onUsePassword: () => void;
}

function EmailStep({ email, onEmailChange, focusOnMount, onCodeSent, onHaveCode, onUsePassword }: EmailStepProps) {
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
      <p className={styles.alternative}>
        {t("auth.setPassword")}{" "}
        <button type="button" className={styles.linkButton} onClick={onUsePassword}>
          {t("auth.withPassword")}
        </button>
      </p>
    </>
  );
}

interface CodeStepProps {
  email: string;
  /** How long the code we just sent stays valid; null when the member brought their own. */
  codeMinutes: number | null;
  resendAt: number | null;
  redirectTo: string;
  onWait: (seconds: number) => void;
  onChangeEmail: () => void;
}

function CodeStep({ email, codeMinutes, resendAt, redirectTo, onWait, onChangeEmail }: CodeStepProps) {
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
      <p className={styles.alternative}>
        <button type="button" className={styles.linkButton} onClick={onChangeEmail}>
          {t("auth.otherEmail")}
        </button>
      </p>
    </>
  );
}

interface PasswordStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  redirectTo: string;
  onUseCode: () => void;
}

function PasswordStep({ email, onEmailChange, redirectTo, onUseCode }: PasswordStepProps) {
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
      <p className={styles.alternative}>
        {t("auth.noPassword")}{" "}
        <button type="button" className={styles.linkButton} onClick={onUseCode}>
          {t("auth.withCode")}
        </button>
      </p>
    </>
  );
}
