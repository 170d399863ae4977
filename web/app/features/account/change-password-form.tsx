import {
  type ApiRouteInput,
  brokenPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
  SIGN_IN_CODE_LENGTH,
  type User,
} from "@arcana/protocol";
import { changePasswordRoute, sendSignInCodeRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { aroundArgument, type MessageId, useT } from "../../i18n/use-t";
import { ApiRequestError, api, errorMessage } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import styles from "./change-password-form.module.css";
import { memberQueryKey } from "./use-member";

type Field = "current" | "code" | "next" | "confirm";

const passwordRuleMessages: Record<PasswordRule, MessageId> = {
  too_short: "account.password.tooShort",
  too_long: "account.password.tooLong",
  is_email: "account.password.isEmail",
};

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
      setCodeSent(t("account.password.codeSent", { length: SIGN_IN_CODE_LENGTH, email: user.email }));
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

  const brokenRule = next ? brokenPasswordRule(next, user.email) : null;
  const problems: Record<Field, string | null> = {
    current: proof === "current" && !current ? t("account.password.enterCurrent") : null,
    code:
      proof === "code" && !new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(code.trim())
        ? t("account.password.enterCode", { length: SIGN_IN_CODE_LENGTH })
        : null,
    next: next
      ? brokenRule && t(passwordRuleMessages[brokenRule], { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })
      : t("account.password.enterNew", { min: PASSWORD_MIN_LENGTH }),
    confirm: confirm === next ? null : t("account.password.mismatch"),
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
          setSaved(t(hasPassword ? "account.password.changed" : "account.password.set"));
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

  const forEmail = aroundArgument(t, "account.password.for", "email");
  const refusalFor = (field: Field | null) =>
    refusal && refusal.field === field ? <FormAlert>{refusal.message}</FormAlert> : null;
  const invalid = (field: Field) => (refusal?.field === field ? { "aria-invalid": true } : {});

  return (
    <Card className={styles.card} aria-labelledby="password-form-title">
      <h2 id="password-form-title" className={styles.title}>
        {t(hasPassword ? "account.password.changeTitle" : "account.password.setTitle")}
      </h2>
      <p className={styles.account}>
        {forEmail[0]}
        <strong translate="no">{user.email}</strong>
        {forEmail[1]}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {proof === "code" && (
          <>
            <p className={styles.account}>
              {t(hasPassword ? "account.password.codeToChange" : "account.password.codeToSet")}{" "}
              <Button variant="secondary" size="sm" loading={sendCode.isPending} onClick={() => sendCode.mutate()}>
                {t(codeSent ? "account.password.sendAnotherCode" : "account.password.sendCode")}
              </Button>
            </p>
            {codeSent && <FormAlert tone="success">{codeSent}</FormAlert>}
            <Input
              ref={refs.code}
              label={t("account.password.codeLabel")}
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
                {t("account.password.useCurrent")}
              </button>
            )}
          </>
        )}
        {proof === "current" && (
          <>
            <Input
              ref={refs.current}
              label={t("account.password.currentLabel")}
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
              {t("account.password.useCode")}
            </button>
          </>
        )}
        <Input
          ref={refs.next}
          label={t(hasPassword ? "account.password.newLabel" : "account.password.label")}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={t("account.password.hint", { min: PASSWORD_MIN_LENGTH })}
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
          label={t(hasPassword ? "account.password.repeatNewLabel" : "account.password.repeatLabel")}
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
          {t(hasPassword ? "account.password.change" : "account.password.setButton")}
        </Button>
      </form>
    </Card>
  );
}
