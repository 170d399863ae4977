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

const points = (amount: number) => `${amount.toLocaleString("en-US")} point${amount === 1 ? "" : "s"}`;

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
    if (!Number.isSafeInteger(value) || value < 1) return setFormError("Give a whole number of points, at least 1.");
    if (reason.trim().length === 0) return setFormError("Give a reason; it is kept in the ledger and the audit log.");
    setFormError(null);
    const body = { direction, amount: value, reason: reason.trim() };
    ask({
      title: direction === "grant" ? "Grant points" : "Deduct points",
      question: `${direction === "grant" ? "Grant" : "Deduct"} ${points(value)} ${direction === "grant" ? "to" : "from"} ${member.email}? Reason: “${body.reason}”.`,
      confirmLabel: direction === "grant" ? `Grant ${points(value)}` : `Deduct ${points(value)}`,
      run: () => api(adjustMemberPointsRoute, { params: { id: member.uid }, body }),
      done: (result) => `${member.email} now has ${points(result.member.pts)}.`,
    });
  }

  return (
    <Card aria-labelledby="member-actions">
      <CardTitle id="member-actions">Actions</CardTitle>
      <form onSubmit={reviewPoints} className={styles.row} noValidate>
        <label>
          <span className="visually-hidden">Grant or deduct</span>
          <select
            className={styles.select}
            value={direction}
            onChange={(event) => setDirection(event.target.value === "deduct" ? "deduct" : "grant")}
            name="direction"
          >
            <option value="grant">Grant</option>
            <option value="deduct">Deduct</option>
          </select>
        </label>
        <Input
          label="Points"
          name="amount"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Input
          label="Reason"
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Review
        </Button>
      </form>
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className={styles.row}>
        {member.wallet_address && (
          <Button
            variant="danger"
            onClick={() =>
              ask({
                title: "Unbind wallet",
                question: `Release ${member.wallet_address} from ${member.email}? They can then bind another wallet; their passes stay with this one.`,
                confirmLabel: "Unbind wallet",
                run: () => api(unbindMemberWalletRoute, { params: { id: member.uid }, body: { kind: "evm" } }),
                done: () => `Released the wallet of ${member.email}.`,
              })
            }
          >
            Unbind EVM wallet
          </Button>
        )}
        {member.solana_address && (
          <Button
            variant="danger"
            onClick={() =>
              ask({
                title: "Unbind Solana address",
                question: `Release ${member.solana_address} from ${member.email}?`,
                confirmLabel: "Unbind Solana address",
                run: () => api(unbindMemberWalletRoute, { params: { id: member.uid }, body: { kind: "solana" } }),
                done: () => `Released the Solana address of ${member.email}.`,
              })
            }
          >
            Unbind Solana address
          </Button>
        )}
        {!detail.on_allowlist && (
          <Button
            variant="secondary"
            onClick={() =>
              ask({
                title: "Add to the mint allowlist",
                question: `Let ${member.email} mint a Genesis Pass while the allowlist is on?`,
                confirmLabel: "Add to allowlist",
                run: () => api(allowlistMemberRoute, { params: { id: member.uid } }),
                done: () => `${member.email} is on the mint allowlist.`,
              })
            }
          >
            Add to mint allowlist
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
              Cancel
            </Button>
            <Button loading={confirm.isPending} onClick={() => pending && confirm.mutate(pending)}>
              {pending?.confirmLabel}
            </Button>
          </>
        }
      >
        <p>{pending?.question}</p>
        <p className={styles.muted}>This is recorded in the audit log under your name.</p>
        {confirm.isError && <FormAlert>{errorMessage(confirm.error, t)}</FormAlert>}
      </Modal>
    </Card>
  );
}
