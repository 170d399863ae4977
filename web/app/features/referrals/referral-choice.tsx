import { useT } from "../../i18n/use-t";
import { Button } from "../../ui/button";
import { Modal } from "../../ui/modal";
import styles from "./referrals.module.css";

export interface ReferralChoiceProps {
  /** The code the opened link carries. */
  code: string;
  /** The code remembered from an earlier link, if any. */
  remembered: string | null;
  onUse: () => void;
  /** Keeps the remembered code (or none); closing the window answers the same. */
  onKeep: () => void;
}

/** Asks whether an invite link's code should replace the remembered one, or apply to the member. */
export default function ReferralChoice({ code, remembered, onUse, onKeep }: ReferralChoiceProps) {
  const t = useT();
  return (
    <Modal
      open
      onClose={onKeep}
      title={t("modal.referralChoice.title", { code })}
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onKeep}>
            {remembered ? t("modal.referralChoice.keep", { code: remembered }) : t("modal.referralChoice.ignore")}
          </Button>
          <Button onClick={onUse}>{t("modal.referralChoice.use", { code })}</Button>
        </div>
      }
    >
      <p data-testid="referral-choice">
        {remembered
          ? t("modal.referralChoice.replaceBody", { code, remembered })
          : t("modal.referralChoice.applyBody", { code })}
      </p>
    </Modal>
  );
}
