import type { SendCodeResponse } from "@arcana/protocol";
import { useState } from "react";
import { Card } from "../../ui/card";
import { CodeStep } from "./code-step";
import { EmailStep } from "./email-step";
import { PasswordStep } from "./password-step";
import styles from "./sign-in.module.css";

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
