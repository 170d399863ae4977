import type { Invitee, KolCodeStats } from "@arcana/protocol";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { formatCount, formatGmtDateTime, formatGmtDay } from "../../i18n/intl";
import { aroundArgument, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { useModalStore } from "../../shell/modals/modal-store";
import { Badge, type BadgeTone } from "../../ui/badge";
import { Button } from "../../ui/button";
import { CopyButton } from "../../ui/copy-button";
import { FormAlert } from "../../ui/form-alert";
import { Input } from "../../ui/input";
import { LoadingLine } from "../../ui/loading-line";
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
    const [before, after] = aroundArgument(t, "modal.invites.signIn", "signIn");
    return (
      <p>
        {before}
        <Link to="/auth" onClick={() => closeModal("invites")}>
          {t("shell.signIn")}
        </Link>
        {after}
      </p>
    );
  }
  if (summary.isPending) {
    return <LoadingLine>{t("member.invites.loading")}</LoadingLine>;
  }
  if (summary.isError) {
    return (
      <div className={styles.panel}>
        <FormAlert>{errorMessage(summary.error, t)}</FormAlert>
        <Button variant="secondary" onClick={() => summary.refetch()}>
          {t("shell.tryAgain")}
        </Button>
      </div>
    );
  }
  const data = summary.data;
  const locale = t.language ?? "en";
  const [joinedBefore, joinedAfter] = aroundArgument(t, "member.invites.joinedWith", "code");
  return (
    <div className={styles.panel} data-testid="invites-panel">
      <section className={styles.codeBox} aria-label={t("member.invites.yourCode")}>
        <p className={styles.eyebrow}>{t("member.invites.yourCode")}</p>
        <div className={styles.codeRow}>
          <strong className={styles.code} data-testid="invite-code" translate="no">
            {data.code}
          </strong>
          <CopyButton text={data.code} label={t("member.invites.copyCode")} />
        </div>
        <div className={styles.codeRow}>
          <code className={styles.link} data-testid="invite-link" translate="no">
            {data.share_url}
          </code>
          <CopyButton text={data.share_url} label={t("member.invites.copyLink")} />
        </div>
      </section>

      <dl className={styles.stats}>
        <div>
          <dt>{t("member.invites.invited")}</dt>
          <dd data-testid="invites-count">{formatCount(data.invitees, locale)}</dd>
        </div>
        <div>
          <dt>{t("member.invites.qualified")}</dt>
          <dd data-testid="invites-qualified">{formatCount(data.qualified, locale)}</dd>
        </div>
        <div>
          <dt>{t("member.invites.toClaim")}</dt>
          <dd data-testid="invites-pending-points">{formatPoints(data.pending_points, t)}</dd>
        </div>
        <div>
          <dt>{t("member.invites.claimed")}</dt>
          <dd>{formatPoints(data.claimed_points, t)}</dd>
        </div>
      </dl>
      <ClaimButton pending={data.pending_points} kind="referral" />

      <InviteeList invitees={data.recent} />

      {data.used_code ? (
        <p className={styles.muted}>
          {joinedBefore}
          <strong>{data.used_code}</strong>
          {joinedAfter}
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
                  result.claimed > 0
                    ? t("member.invites.claimedToast", { points: formatPoints(result.claimed, t) })
                    : t("member.invites.nothingNow"),
              }),
          })
        }
      >
        {claim.isPending && <Spinner />}
        {pending > 0 ? t("member.invites.claim", { points: formatPoints(pending, t) }) : t("member.invites.nothingYet")}
      </Button>
      {claim.isError && <FormAlert>{errorMessage(claim.error, t)}</FormAlert>}
    </div>
  );
}

function InviteeList({ invitees }: { invitees: Invitee[] }) {
  const t = useT();
  if (invitees.length === 0) {
    return <p className={styles.muted}>{t("member.invites.none")}</p>;
  }
  return (
    <ul className={styles.invitees} aria-label={t("member.invites.invitees")} data-testid="invitee-list">
      {invitees.map((invitee, index) => (
        // Invitees are shown by join date only, so the list's order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: no other identity is shown to the inviter
        <li key={index} className={styles.invitee}>
          <span>{t("member.invites.joined", { date: formatGmtDay(invitee.joined_on, t.language ?? "en") })}</span>
          <Badge tone={stateTones[invitee.state]}>{t("member.invites.state", { state: invitee.state })}</Badge>
          {invitee.waiting_for && (
            <span className={styles.reason}>{t("member.invites.waitingFor", { step: invitee.waiting_for })}</span>
          )}
          {invitee.refusal && (
            <span className={styles.reason}>{t("member.invites.refusal", { refusal: invitee.refusal })}</span>
          )}
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
      setProblem(t("member.invites.badCode"));
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
        {t("member.invites.friendTitle")}
      </p>
      <Input
        label={t("member.invites.friendCode")}
        hint={t("member.invites.friendUntil", { time: formatGmtDateTime(windowEndsAt, t.language ?? "en") })}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        error={problem ?? undefined}
      />
      <Button type="submit" variant="secondary" disabled={apply.isPending} aria-busy={apply.isPending || undefined}>
        {apply.isPending && <Spinner />}
        {t("member.invites.apply")}
      </Button>
    </form>
  );
}

function KolCodes() {
  const t = useT();
  const kol = useKolSummary();
  if (!kol.data?.is_kol) return null;
  const pending = kol.data.codes.reduce((sum, code) => sum + code.pending_points, 0);
  return (
    <section className={styles.kol} aria-label={t("member.invites.kolCodes")} data-testid="kol-codes">
      <p className={styles.eyebrow}>{t("member.invites.kolCodes")}</p>
      {kol.data.codes.map((code) => (
        <KolCodeTable key={code.code} code={code} />
      ))}
      <ClaimButton pending={pending} kind="kol" />
    </section>
  );
}

function KolCodeTable({ code }: { code: KolCodeStats }) {
  const t = useT();
  const locale = t.language ?? "en";
  const active = code.daily.filter((day) => day.uses > 0 || day.qualified > 0);
  return (
    <div className={styles.kolCode}>
      <p>
        <strong translate="no">{code.code}</strong>{" "}
        {code.disabled && <Badge tone="danger">{t("member.invites.disabled")}</Badge>} ·{" "}
        {t("member.invites.kolStats", {
          uses: code.uses,
          qualified: code.qualified,
          pending: formatPoints(code.pending_points, t),
          claimed: formatPoints(code.claimed_points, t),
        })}
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t("member.invites.kolCaption", { code: code.code })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("member.invites.gmtDay")}</th>
              <th scope="col">{t("member.invites.uses")}</th>
              <th scope="col">{t("member.invites.qualified")}</th>
            </tr>
          </thead>
          <tbody>
            {active.length === 0 ? (
              <tr>
                <td colSpan={3}>{t("member.invites.noUses")}</td>
              </tr>
            ) : (
              active.map((day) => (
                <tr key={day.date}>
                  <td>{formatGmtDay(day.date, locale)}</td>
                  <td>{formatCount(day.uses, locale)}</td>
                  <td>{formatCount(day.qualified, locale)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
