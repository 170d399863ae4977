import {
  type ApiRouteInput,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  SIGN_IN_CODE_LENGTH,
  type User,
} from "@arcana/protocol";
import { changePasswordRoute, sendSignInCodeRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "../../i18n/use-t";
import { ApiRequestError, api, errorMessage } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import styles from "./change-password-form.module.css";
import { memberQueryKey } from "./use-member";

type Field = "current" | "code" | "next" | "confirm";

/**
 * Sets a first password, or changes one; the server has the last word. Either needs proof beyond
 * the session (issue 26, finding 2): the current password, or a fresh code mailed to the member
 * (the only way for an account without a password, and the way when the password is forgotten).
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const t = useT();
  const hasPassword = user.has_password;
  const [proof, setProof] = useState<"current" | "code">(hasPassword ? "current" : "code");
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  // Hints wait until the member has left a field or tried to save: no red while still typing.
  const [checked, setChecked] = useState<Set<Field>>(() => new Set());
  const [refusal, setRefusal] = useState<{ field: Field | null; message: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();

  const sendCode = useMutation({
    mutationFn: () => api(sendSignInCodeRoute, { body: { email: user.email, check_email: true } }),
    onSuccess: () => {
      setCodeSent(`We sent a ${SIGN_IN_CODE_LENGTH}-digit code to ${user.email}.`);
      setRefusal(null);
      refs.code.current?.focus();
    },
    onError: (failure) => setRefusal({ field: "code", message: errorMessage(failure, t) }),
  });

  const change = useMutation({
    mutationFn: (request: ApiRouteInput<typeof changePasswordRoute>["body"]) =>
      api(changePasswordRoute, { body: request }),
    onSuccess: async () => {
      // The profile now says the member has a password: the form turns into "change" and the
      // server-rendered session data follows.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberQueryKey(user.uid) }),
        revalidator.revalidate(),
      ]);
    },
  });

  const problems: Record<Field, string | null> = {
    current: proof === "current" && !current ? "Enter your current password." : null,
    code:
      proof === "code" && !new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(code.trim())
        ? `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail.`
        : null,
    next: next
      ? passwordProblem(next, user.email)
      : `Enter a new password of at least ${PASSWORD_MIN_LENGTH} characters.`,
    confirm: confirm === next ? null : "The two passwords do not match.",
  };
  const shownProblem = (field: Field) => (checked.has(field) ? (problems[field] ?? undefined) : undefined);
  const check = (field: Field) => setChecked((fields) => new Set(fields).add(field));
  const edit = (field: Field, setter: (value: string) => void) => (value: string) => {
    setter(value);
    setSaved(null);
    if (refusal?.field === field || refusal?.field === null) setRefusal(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const fields: Field[] = [proof, "next", "confirm"];
    setChecked(new Set(fields));
    setSaved(null);
    setRefusal(null);
    const firstProblem = fields.find((field) => problems[field]);
    if (firstProblem) {
      refs[firstProblem].current?.focus();
      return;
    }
    change.mutate(
      { ...(proof === "current" ? { current_password: current } : { code: code.trim() }), new_password: next },
      {
        onSuccess: () => {
          setCurrent("");
          setCode("");
          setCodeSent(null);
          setNext("");
          setConfirm("");
          setChecked(new Set());
          setSaved(
            hasPassword
              ? "Your password is changed. Every other device where you were signed in has been signed out."
              : "Your password is set: you can now sign in with it or with a code. Every other device where you were signed in has been signed out.",
          );
        },
        onError: (failure) => {
          const code = failure instanceof ApiRequestError ? failure.code : null;
          const field: Field | null =
            code === "invalid_credentials"
              ? "current"
              : code === "invalid_code" || code === "code_expired" || code === "code_locked"
                ? "code"
                : code === "bad_request"
                  ? "next"
                  : null;
          setRefusal({ field, message: errorMessage(failure, t) });
          if (field) refs[field].current?.select();
        },
      },
    );
  };

  const refusalFor = (field: Field | null) =>
    refusal && refusal.field === field ? <FormAlert>{refusal.message}</FormAlert> : null;
  const invalid = (field: Field) => (refusal?.field === field ? { "aria-invalid": true } : {});

  return (
    <Card className={styles.card} aria-labelledby="password-form-title">
      <h2 id="password-form-title" className={styles.title}>
        {hasPassword ? "Change your password" : "Set a password"}
      </h2>
      <p className={styles.account}>
        For <strong>{user.email}</strong>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {proof === "code" && (
          <>
            <p className={styles.account}>
              {hasPassword
                ? "To change it without your current password, enter a code we e-mail to you."
                : "To set a password, enter a code we e-mail to you: it shows the address is yours."}{" "}
              <Button variant="secondary" size="sm" loading={sendCode.isPending} onClick={() => sendCode.mutate()}>
                {codeSent ? "E-mail me another code" : "E-mail me a code"}
              </Button>
            </p>
            {codeSent && <FormAlert tone="success">{codeSent}</FormAlert>}
            <Input
              ref={refs.code}
              label="Code from the e-mail"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SIGN_IN_CODE_LENGTH}
              required
              value={code}
              onChange={(event) => edit("code", setCode)(event.target.value)}
              onBlur={() => code && check("code")}
              error={shownProblem("code")}
              {...invalid("code")}
            />
            {refusalFor("code")}
            {hasPassword && (
              <button type="button" className={styles.linkButton} onClick={() => setProof("current")}>
                Use my current password instead
              </button>
            )}
          </>
        )}
        {proof === "current" && (
          <>
            <Input
              ref={refs.current}
              label="Current password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => edit("current", setCurrent)(event.target.value)}
              onBlur={() => current && check("current")}
              error={shownProblem("current")}
              {...invalid("current")}
            />
            {refusalFor("current")}
            <button type="button" className={styles.linkButton} onClick={() => setProof("code")}>
              Forgot it? Use a code from your e-mail instead
            </button>
          </>
        )}
        <Input
          ref={refs.next}
          label={hasPassword ? "New password" : "Password"}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not your e-mail address.`}
          required
          value={next}
          onChange={(event) => edit("next", setNext)(event.target.value)}
          onBlur={() => next && check("next")}
          error={shownProblem("next")}
          {...invalid("next")}
        />
        {refusalFor("next")}
        <Input
          ref={refs.confirm}
          label={hasPassword ? "Repeat the new password" : "Repeat the password"}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => edit("confirm", setConfirm)(event.target.value)}
          onBlur={() => confirm && check("confirm")}
          error={shownProblem("confirm")}
        />
        {refusalFor(null)}
        {saved && <FormAlert tone="success">{saved}</FormAlert>}
        <Button type="submit" loading={change.isPending} className={styles.submit}>
          {hasPassword ? "Change password" : "Set password"}
        </Button>
      </form>
    </Card>
  );
}
