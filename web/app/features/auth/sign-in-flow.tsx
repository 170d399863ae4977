import {
  emailAddressSchema,
  normalizeEmail,
  type SendCodeResponse,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_TTL_MS,
} from "@arcana/protocol";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/use-t";
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

const invalidEmailMessage = "Enter a valid e-mail address, like name@example.com.";

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
  return (
    <Input
      label="E-mail address"
      name="email"
      type="email"
      inputMode="email"
      placeholder="name@example.com"
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
      setError({ message: invalidEmailMessage, retryAfter: null });
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
      <StepHeader sigil="key" title="Sign in">
        <p>Enter your e-mail address and we will send you a {SIGN_IN_CODE_LENGTH}-digit code.</p>
        <p>No password needed. Your first sign-in creates your account.</p>
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
                  Enter the code you already have
                </button>
              </>
            )}
          </FormAlert>
        )}
        <Button type="submit" loading={sendCode.isPending} className={styles.submit}>
          Send code
        </Button>
      </form>
      <p className={styles.alternative}>
        Set a password on your account?{" "}
        <button type="button" className={styles.linkButton} onClick={onUsePassword}>
          Sign in with a password
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
      setError(`Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail.`);
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
        setNotice(`We sent a new code to ${email}. Codes sent before it no longer work.`);
        codeRef.current?.focus();
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.retryAfter) onWait(failure.retryAfter);
        setError(errorMessage(failure, t));
      },
    });
  };

  const minutes = codeMinutes ?? SIGN_IN_CODE_TTL_MS / 60_000;
  return (
    <>
      <StepHeader sigil="quill" title="Check your e-mail">
        <p>
          {codeMinutes === null ? "Enter the code we sent to " : `We sent a ${SIGN_IN_CODE_LENGTH}-digit code to `}
          <strong className={styles.address}>{email}</strong>. It works once, for {minutes} minutes.
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
          Sign in
        </Button>
      </form>
      <div className={styles.resendRow}>
        <span className={styles.muted}>No e-mail? Check spam, or</span>
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
              Resend code in <span className={styles.countdown}>{formatCountdown(secondsToResend)}</span>
            </>
          ) : (
            "Resend code"
          )}
        </Button>
      </div>
      <p className={styles.alternative}>
        <button type="button" className={styles.linkButton} onClick={onChangeEmail}>
          Use a different e-mail address
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
      setError({ message: invalidEmailMessage, field: "email" });
      emailRef.current?.focus();
      return;
    }
    if (!password) {
      setError({ message: "Enter your password.", field: "password" });
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
      <StepHeader sigil="key" title="Sign in with a password">
        <p>For members who have set a password. Everyone can sign in with a code sent by e-mail.</p>
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
          label="Password"
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
          Sign in
        </Button>
      </form>
      <p className={styles.alternative}>
        No password, or forgot it?{" "}
        <button type="button" className={styles.linkButton} onClick={onUseCode}>
          Sign in with a code instead
        </button>
      </p>
    </>
  );
}
