import { creditCheckInRoute } from "@arcana/protocol/calls";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useGmtToday, useNow } from "../../lib/use-clock";
import { useModalStore } from "../../shell/modals/modal-store";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { contractErrorMessage } from "../../wallet-runtime/contract-errors";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { GasStatus } from "../sponsorship/gas-status";
import { sponsorshipFailed } from "../sponsorship/pay-own-gas";
import { RelayProgressView } from "../sponsorship/relay-progress";
import { useGasPayer } from "../sponsorship/use-sponsorship";
import { useDailyWrite } from "../wallets/daily-contract";
import { DailyWalletStep } from "../wallets/daily-wallet-step";
import { useWalletRuntime } from "../wallets/use-wallet-runtime";
import { checkInStrip } from "./check-in-display";
import styles from "./daily.module.css";
import { GmtCountdown } from "./gmt-countdown";
import { checkInQueryKey, useCheckInStatus } from "./use-check-in";
import { WeekStrip } from "./week-strip";

type Notice = { tone: "error" | "success" | "info"; text: string; offerPayingGas?: boolean };

/**
 * The check-in modal's body: the week, the streak, the next reward, the countdown to 00:00 GMT,
 * and the check-in itself (Daily.checkIn() from the bound wallet, then credited at once).
 */
export default function CheckInPanel() {
  const t = useT();
  const member = useMember();
  // Starts loading the wallet stacks now, so a remembered wallet has reconnected by the click.
  useWalletRuntime();
  const now = useNow();
  const status = useCheckInStatus(useGmtToday());
  const daily = useDailyWrite({
    credit: (transaction) => api(creditCheckInRoute, { body: transaction }),
    invalidates: (uid) => [checkInQueryKey(uid)],
  });
  const closeModal = useModalStore((state) => state.closeModal);
  const stage = daily.write.stage;
  const [notice, setNotice] = useState<Notice | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const free = useGasPayer(daily.target, "check_in").payer === "arcana";

  // The button is disabled while the check-in runs and after it, so focus falls out of the dialog;
  // bring it back so Escape and Tab keep working.
  useEffect(() => {
    if (stage === null && notice && !panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, [stage, notice]);

  if (!member) {
    return (
      <p>
        <Link to="/auth?redirect=%2F" onClick={() => closeModal("checkIn")}>
          Sign in
        </Link>{" "}
        to check in each GMT day and build your streak.
      </p>
    );
  }
  if (status.isPending || now === null) {
    return (
      <p className={styles.loading} aria-busy="true">
        <Spinner /> Loading your check-in week…
      </p>
    );
  }
  if (!status.data) {
    return (
      <div className={styles.emptyPanel} data-testid="check-in-empty">
        <p>Your check-in week is not available right now.</p>
        <Button variant="secondary" size="sm" loading={status.isFetching} onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const checkedToday = status.data.today_checked;
  const days = checkInStrip(status.data, now);
  const streak = status.data.current_streak;

  async function checkIn(payOwnGas = false) {
    setNotice(null);
    try {
      const { credited, relayed } = await daily.write.mutateAsync({ functionName: "checkIn" }, { payOwnGas });
      setNotice(
        relayed
          ? relayed.credited
            ? { tone: "success", text: "Checked in for free: your points are credited." }
            : { tone: "info", text: "Checked in for free. Its points arrive as soon as Arcana sees it on chain." }
          : credited === null
            ? { tone: "info", text: "Your check-in is on chain. Its points arrive as soon as the network confirms it." }
            : credited.credited
              ? {
                  tone: "success",
                  text: `Checked in: +${formatPoints(credited.points, t)}, day ${credited.streak} of your streak.`,
                }
              : { tone: "info", text: "Today's check-in was already credited to your account." },
      );
    } catch (error) {
      setNotice({
        tone: "error",
        text: contractErrorMessage(error, { gasCurrency: daily.target?.native_currency.symbol }),
        offerPayingGas: sponsorshipFailed(error),
      });
    }
  }

  return (
    <div ref={panel} tabIndex={-1} className={styles.panel} data-testid="check-in-panel">
      {days.length > 0 ? <WeekStrip days={days} /> : <p className={styles.muted}>No check-in days to show yet.</p>}
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Current streak</dt>
          <dd data-testid="check-in-streak">
            {streak} {streak === 1 ? "day" : "days"}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{checkedToday ? "Tomorrow's reward" : "Today's reward"}</dt>
          <dd className={styles.reward} data-testid="check-in-next-reward">
            +{formatPoints(status.data.next_reward_points, t)}
          </dd>
        </div>
      </dl>
      <GmtCountdown label={checkedToday ? "Next check-in opens in" : "Today's check-in closes in"} now={now} />
      {!checkedToday && (
        <GasStatus chain={daily.target} action="check_in" wallet={member.wallet_address} verb="check in" />
      )}
      {daily.write.relay && (
        <RelayProgressView progress={daily.write.relay} explorerUrl={daily.target?.explorer_url ?? null} credits />
      )}
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      {notice?.offerPayingGas && stage === null && (
        <Button variant="secondary" onClick={() => void checkIn(true)}>
          Pay the gas myself
        </Button>
      )}
      <DailyWalletStep readiness={daily.readiness} action="check in">
        <Button
          className={styles.primaryAction}
          loading={stage !== null}
          disabled={checkedToday && stage === null}
          onClick={() => void checkIn()}
        >
          {stage === "crediting"
            ? "Crediting your points…"
            : stage === "relaying"
              ? "Arcana is sending it…"
              : stage !== null
                ? "Confirm in your wallet…"
                : checkedToday
                  ? "Checked in today"
                  : free
                    ? "Check in (free)"
                    : "Check in"}
        </Button>
      </DailyWalletStep>
      <p className={styles.fineprint}>
        Checking in calls the Daily contract on {daily.target?.name ?? "your network"} for your bound wallet
        {free ? ": you sign, Arcana pays the network fee" : "; it costs only the network fee"}. A missed GMT day starts
        the streak again.
      </p>
    </div>
  );
}
