import type { QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { contractErrorMessage } from "../../wallet-runtime/contract-errors";
import type { ChainTransactionRequest } from "../../wallet-runtime/use-contract-write";
import { GasStatus } from "../sponsorship/gas-status";
import { sponsorshipFailed } from "../sponsorship/pay-own-gas";
import { RelayProgressView } from "../sponsorship/relay-progress";
import { useGasPayer } from "../sponsorship/use-sponsorship";
import { type DailyCall, sponsoredActionOf, useDailyWrite } from "./daily-contract";
import { DailyWalletStep } from "./daily-wallet-step";

/** What a Daily write's panel says once the write ends. */
export type DailyNotice = { tone: "error" | "success" | "info"; text: string; offerPayingGas?: boolean };

/** The notice for each way a Daily write can end well: relayed or from the wallet, credited at once or not. */
export interface DailyOutcomeTexts<Credit> {
  freeCredited: string;
  freePending: string;
  onChain: string;
  credited: (credit: Credit) => string;
  already: string;
}

/**
 * One Daily write from a panel (check in, record the tarot): the write (useDailyWrite), who pays its
 * gas, and the notice it leaves; `run(true)` writes again paying the gas from the wallet.
 */
export function useDailyWriteAction<Credit extends { credited: boolean }>({
  call,
  credit,
  invalidates,
  texts,
}: {
  call: DailyCall;
  credit: (transaction: ChainTransactionRequest) => Promise<Credit>;
  invalidates: (uid: string) => QueryKey[];
  texts: DailyOutcomeTexts<Credit>;
}) {
  const t = useT();
  const daily = useDailyWrite({ credit, invalidates });
  const [notice, setNotice] = useState<DailyNotice | null>(null);
  const free = useGasPayer(daily.target, sponsoredActionOf(call.functionName)).payer === "arcana";

  async function run(payOwnGas = false) {
    setNotice(null);
    try {
      const { credited, relayed } = await daily.write.mutateAsync(call, { payOwnGas });
      setNotice(
        relayed
          ? relayed.credited
            ? { tone: "success", text: texts.freeCredited }
            : { tone: "info", text: texts.freePending }
          : credited === null
            ? { tone: "info", text: texts.onChain }
            : credited.credited
              ? { tone: "success", text: texts.credited(credited) }
              : { tone: "info", text: texts.already },
      );
    } catch (error) {
      setNotice({
        tone: "error",
        text: contractErrorMessage(error, { t, gasCurrency: daily.target?.native_currency.symbol }),
        offerPayingGas: sponsorshipFailed(error),
      });
    }
  }

  return { call, daily, stage: daily.write.stage, notice, free, run };
}

/** The labels of a Daily write's button before it runs: done already, free, or paid from the wallet. */
export interface DailyButtonLabels {
  done: string;
  free: string;
  write: string;
}

/**
 * A Daily write's controls: who pays the gas (until it is done), the relay's progress, the notice,
 * the offer to pay the gas after a failed sponsorship, and the write's button behind the wallet's next step.
 */
export function DailyWriteControls({
  action,
  wallet,
  done,
  labels,
  className,
}: {
  action: ReturnType<typeof useDailyWriteAction<{ credited: boolean }>>;
  wallet: string | null;
  done: boolean;
  labels: DailyButtonLabels;
  className?: string;
}) {
  const t = useT();
  const { call, daily, stage, notice, free, run } = action;
  return (
    <>
      {!done && (
        <GasStatus
          chain={daily.target}
          action={sponsoredActionOf(call.functionName)}
          wallet={wallet}
          verb={t("member.daily.verb", { action: call.functionName })}
        />
      )}
      {daily.write.relay && (
        <RelayProgressView progress={daily.write.relay} explorerUrl={daily.target?.explorer_url ?? null} credits />
      )}
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      {notice?.offerPayingGas && stage === null && (
        <Button variant="secondary" onClick={() => void run(true)}>
          {t("member.daily.payGas")}
        </Button>
      )}
      <DailyWalletStep readiness={daily.readiness} action={call.functionName}>
        <Button
          className={className}
          loading={stage !== null}
          disabled={done && stage === null}
          onClick={() => void run()}
        >
          {stage !== null ? t("member.daily.stage", { stage }) : done ? labels.done : free ? labels.free : labels.write}
        </Button>
      </DailyWalletStep>
    </>
  );
}
