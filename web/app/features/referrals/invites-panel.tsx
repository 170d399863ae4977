import type { Invitee, KolCodeStats } from "@arcana/protocol";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { useModalStore } from "../../shell/modals/modal-store";
import { Badge, type BadgeTone } from "../../ui/badge";
import { Button } from "../../ui/button";
import { CopyButton } from "../../ui/copy-button";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import { useToastStore } from "../../ui/toast-store";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { cleanReferralCode } from "./pending-referral";
import styles from "./referrals.module.css";
import {
  useApplyReferralCode,
  useClaimKolRewards,
  useClaimReferralRewards,
  useKolSummary,
  useReferralSummary,
} from "./use-referrals";

const stateTones: Record<Invitee["state"], BadgeTone> = {
  pending: "neutral",
  qualified: "gold",
  claimed: "success",
  refused: "danger",
};

/** The invites window: the member's code and link, their invitees, claims, a friend's code, KOL figures. */
export default function InvitesPanel() {
  const t = useT();
  const member = useMember();
  const closeModal = useModalStore((state) => state.closeModal);
  const summary = useReferralSummary();
  if (!member) {
    return (
      <p>
        <Link to="/auth" onClick={() => closeModal("invites")}>
          Sign in
        </Link>{" "}
        to get your invite code.
      </p>
    );
  }
  if (summary.isPending) {
    return (
      <p className={styles.loading} aria-busy="true">
        <Spinner /> Loading your invites…
      </p>
    );
  }
  if (summary.isError) {
    return (
      <div className={styles.panel}>
        <FormAlert>{errorMessage(summary.error, t)}</FormAlert>
        <Button variant="secondary" onClick={() => summary.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = summary.data;
  return (
    <div className={styles.panel} data-testid="invites-panel">
      <section className={styles.codeBox} aria-label="Your invite code">
        <p className={styles.eyebrow}>Your invite code</p>
        <div className={styles.codeRow}>
          <strong className={styles.code} data-testid="invite-code">
            {data.code}
          </strong>
          <CopyButton text={data.code} label="Copy invite code" />
        </div>
        <div className={styles.codeRow}>
          <code className={styles.link} data-testid="invite-link">
            {data.share_url}
          </code>
          <CopyButton text={data.share_url} label="Copy invite link" />
        </div>
      </section>

      <dl className={styles.stats}>
        <div>
          <dt>Invited</dt>
          <dd data-testid="invites-count">{data.invitees}</dd>
        </div>
        <div>
          <dt>Qualified</dt>
          <dd data-testid="invites-qualified">{data.qualified}</dd>
        </div>
        <div>
          <dt>To claim</dt>
          <dd data-testid="invites-pending-points">{formatPoints(data.pending_points, t)}</dd>
        </div>
        <div>
          <dt>Claimed</dt>
          <dd>{formatPoints(data.claimed_points, t)}</dd>
        </div>
      </dl>
      <ClaimButton pending={data.pending_points} kind="referral" />

      <InviteeList invitees={data.recent} />

      {data.used_code ? (
        <p className={styles.muted}>
          You joined with code <strong>{data.used_code}</strong>.
        </p>
      ) : data.window_ends_at ? (
        <FriendCodeForm windowEndsAt={data.window_ends_at} />
      ) : null}

      <KolCodes />
    </div>
  );
}

function ClaimButton({ pending, kind }: { pending: number; kind: "referral" | "kol" }) {
  const t = useT();
  const referral = useClaimReferralRewards();
  const kol = useClaimKolRewards();
  const claim = kind === "referral" ? referral : kol;
  const showToast = useToastStore((state) => state.showToast);
  return (
    <div className={styles.actions}>
      <Button
        disabled={pending === 0 || claim.isPending}
        aria-busy={claim.isPending || undefined}
        onClick={() =>
          claim.mutate(undefined, {
            onSuccess: (result) =>
              showToast({
                tone: "success",
                message:
                  result.claimed > 0 ? `${formatPoints(result.claimed, t)} claimed.` : "Nothing to claim right now.",
              }),
          })
        }
      >
        {claim.isPending && <Spinner />}
        {pending > 0 ? `Claim ${formatPoints(pending, t)}` : "Nothing to claim yet"}
      </Button>
      {claim.isError && <FormAlert>{errorMessage(claim.error, t)}</FormAlert>}
    </div>
  );
}

function InviteeList({ invitees }: { invitees: Invitee[] }) {
  if (invitees.length === 0) {
    return (
      <p className={styles.muted}>
        No one has used your code yet. Share your link: you earn points when a friend joins and binds a wallet.
      </p>
    );
  }
  return (
    <ul className={styles.invitees} aria-label="Your invitees" data-testid="invitee-list">
      {invitees.map((invitee, index) => (
        // Invitees are shown by join date only, so the list's order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: no other identity is shown to the inviter
        <li key={index} className={styles.invitee}>
          <span>Joined {invitee.joined_on}</span>
          <Badge tone={stateTones[invitee.state]}>{invitee.state}</Badge>
          {invitee.reason && <span className={styles.reason}>{invitee.reason}</span>}
        </li>
      ))}
    </ul>
  );
}

function FriendCodeForm({ windowEndsAt }: { windowEndsAt: string }) {
  const t = useT();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const apply = useApplyReferralCode();
  const openModal = useModalStore((state) => state.openModal);
  const closeModal = useModalStore((state) => state.closeModal);
  const formId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = cleanReferralCode(value);
    if (!code) {
      setProblem("Codes are 4 to 32 letters, digits, - and _.");
      return;
    }
    setProblem(null);
    apply.mutate(code, {
      onSuccess: () => {
        closeModal("invites");
        openModal("invitesSuccess");
      },
      onError: (error) => setProblem(errorMessage(error, t)),
    });
  }

  return (
    <form className={styles.friendForm} onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
      <p id={`${formId}-title`} className={styles.eyebrow}>
        Invited by a friend?
      </p>
      <Input
        label="Friend's invite code"
        hint={`You can enter one until ${new Date(windowEndsAt).toUTCString()}.`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        error={problem ?? undefined}
      />
      <Button type="submit" variant="secondary" disabled={apply.isPending} aria-busy={apply.isPending || undefined}>
        {apply.isPending && <Spinner />}
        Apply code
      </Button>
    </form>
  );
}

function KolCodes() {
  const kol = useKolSummary();
  if (!kol.data?.is_kol) return null;
  const pending = kol.data.codes.reduce((sum, code) => sum + code.pending_points, 0);
  return (
    <section className={styles.kol} aria-label="Your community codes" data-testid="kol-codes">
      <p className={styles.eyebrow}>Your community codes</p>
      {kol.data.codes.map((code) => (
        <KolCodeTable key={code.code} code={code} />
      ))}
      <ClaimButton pending={pending} kind="kol" />
    </section>
  );
}

function KolCodeTable({ code }: { code: KolCodeStats }) {
  const t = useT();
  const active = code.daily.filter((day) => day.uses > 0 || day.qualified > 0);
  return (
    <div className={styles.kolCode}>
      <p>
        <strong>{code.code}</strong> {code.disabled && <Badge tone="danger">disabled</Badge>} · {code.uses} uses ·{" "}
        {code.qualified} qualified · {formatPoints(code.pending_points, t)} to claim ·{" "}
        {formatPoints(code.claimed_points, t)} claimed
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{code.code}: uses and qualified invites per GMT day</caption>
          <thead>
            <tr>
              <th scope="col">GMT day</th>
              <th scope="col">Uses</th>
              <th scope="col">Qualified</th>
            </tr>
          </thead>
          <tbody>
            {active.length === 0 ? (
              <tr>
                <td colSpan={3}>No uses in the last 30 days.</td>
              </tr>
            ) : (
              active.map((day) => (
                <tr key={day.date}>
                  <td>{day.date}</td>
                  <td>{day.uses}</td>
                  <td>{day.qualified}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
