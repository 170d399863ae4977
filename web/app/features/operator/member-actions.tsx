import type { OperatorActionResult, OperatorMember } from "@arcana/protocol";
import { adjustMemberPointsRoute, allowlistMemberRoute, unbindMemberWalletRoute } from "@arcana/protocol/calls";
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import { Modal } from "../../ui/modal";
import { showToast } from "../../ui/toast-store";
import styles from "./operator.module.css";

/** An action waiting for the operator's confirmation. */
interface PendingAction {
  title: string;
  question: string;
  confirmLabel: string;
  run: () => Promise<OperatorActionResult>;
  done: (result: OperatorActionResult) => string;
}

/**
 * The operator's actions on one member: grant or deduct points with a reason, release a wallet,
 * add to the mint allowlist. Each asks for confirmation; the server applies the CLI's rules and
 * audits it.
 */
export function MemberActions({ detail }: { detail: OperatorMember }) {
  const t = useT();
  const { member } = detail;
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [direction, setDirection] = useState<"grant" | "deduct">("grant");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const confirm = useMutation({
    mutationFn: (action: PendingAction) => action.run(),
    onSuccess: async (result, action) => {
      showToast({ message: action.done(result), tone: "success" });
      setPending(null);
      setAmount("");
      setReason("");
      await revalidator.revalidate();
    },
  });

  function ask(action: PendingAction) {
    confirm.reset();
    setPending(action);
  }

  function reviewPoints(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount);
    if (!Number.isSafeInteger(value) || value < 1) return setFormError(t("operator.actions.wholeNumber"));
    if (reason.trim().length === 0) return setFormError(t("operator.actions.needReason"));
    setFormError(null);
    const body = { direction, amount: value, reason: reason.trim() };
    const grant = direction === "grant";
    ask({
      title: t(grant ? "operator.actions.grantTitle" : "operator.actions.deductTitle"),
      question: t(grant ? "operator.actions.grantQuestion" : "operator.actions.deductQuestion", {
        amount: value,
        email: member.email,
        reason: body.reason,
      }),
      confirmLabel: t(grant ? "operator.actions.grantConfirm" : "operator.actions.deductConfirm", { amount: value }),
      run: () => api(adjustMemberPointsRoute, { params: { id: member.uid }, body }),
      done: (result) => t("operator.actions.pointsDone", { email: member.email, amount: result.member.pts }),
    });
  }

  return (
    <Card aria-labelledby="member-actions">
      <CardTitle id="member-actions">{t("operator.actions.title")}</CardTitle>
      <form onSubmit={reviewPoints} className={styles.row} noValidate>
        <label>
          <span className="visually-hidden">{t("operator.actions.direction")}</span>
          <select
            className={styles.select}
            value={direction}
            onChange={(event) => setDirection(event.target.value === "deduct" ? "deduct" : "grant")}
            name="direction"
          >
            <option value="grant">{t("operator.actions.grant")}</option>
            <option value="deduct">{t("operator.actions.deduct")}</option>
          </select>
        </label>
        <Input
          label={t("operator.column.points")}
          name="amount"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Input
          label={t("operator.column.reason")}
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t("operator.actions.review")}
        </Button>
      </form>
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className={styles.row}>
        {member.wallet_address && (
          <Button
            variant="danger"
            onClick={() =>
              ask({
                title: t("operator.actions.unbindWallet"),
                question: t("operator.actions.unbindWalletQuestion", {
                  address: member.wallet_address ?? "",
                  email: member.email,
                }),
                confirmLabel: t("operator.actions.unbindWallet"),
                run: () => api(unbindMemberWalletRoute, { params: { id: member.uid }, body: { kind: "evm" } }),
                done: () => t("operator.actions.unbindWalletDone", { email: member.email }),
              })
            }
          >
            {t("operator.actions.unbindEvm")}
          </Button>
        )}
        {member.solana_address && (
          <Button
            variant="danger"
            onClick={() =>
              ask({
                title: t("operator.actions.unbindSolana"),
                question: t("operator.actions.unbindSolanaQuestion", {
                  address: member.solana_address ?? "",
                  email: member.email,
                }),
                confirmLabel: t("operator.actions.unbindSolana"),
                run: () => api(unbindMemberWalletRoute, { params: { id: member.uid }, body: { kind: "solana" } }),
                done: () => t("operator.actions.unbindSolanaDone", { email: member.email }),
              })
            }
          >
            {t("operator.actions.unbindSolana")}
          </Button>
        )}
        {!detail.on_allowlist && (
          <Button
            variant="secondary"
            onClick={() =>
              ask({
                title: t("operator.actions.allowlistTitle"),
                question: t("operator.actions.allowlistQuestion", { email: member.email }),
                confirmLabel: t("operator.actions.allowlistConfirm"),
                run: () => api(allowlistMemberRoute, { params: { id: member.uid } }),
                done: () => t("operator.actions.allowlistDone", { email: member.email }),
              })
            }
          >
            {t("operator.actions.allowlist")}
          </Button>
        )}
      </div>
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.title ?? ""}
        footer={
          <>
            <Button variant="ghost" onClick={() => setPending(null)}>
              {t("operator.actions.cancel")}
            </Button>
            <Button loading={confirm.isPending} onClick={() => pending && confirm.mutate(pending)}>
              {pending?.confirmLabel}
            </Button>
          </>
        }
      >
        <p>{pending?.question}</p>
        <p className={styles.muted}>{t("operator.actions.audited")}</p>
        {confirm.isError && <FormAlert>{errorMessage(confirm.error, t)}</FormAlert>}
      </Modal>
    </Card>
  );
}
