import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useT } from "../../i18n/use-t";
import { Input } from "../../ui/input";
import { cleanReferralCode, forgetReferralCode, pendingReferralCode, rememberReferralCode } from "./pending-referral";

/**
 * `/auth`'s optional invite code: kept in the browser and applied after the first sign-in (with a
 * share link's code already filled in).
 */
export function InviteCodeField() {
  const [value, setValue] = useState("");
  const t = useT();
  const [searchParams] = useSearchParams();
  const link = searchParams.get("ref");
  // A link straight to /auth?ref=CODE fills it in too, before the root's referral flow has remembered it.
  useEffect(() => setValue(pendingReferralCode() ?? cleanReferralCode(link) ?? ""), [link]);
  const problem = value.trim() !== "" && !cleanReferralCode(value) ? t("auth.inviteCodeInvalid") : undefined;
  return (
    <Input
      label={t("auth.inviteCodeLabel")}
      hint={t("auth.inviteCodeHint")}
      value={value}
      autoComplete="off"
      autoCapitalize="characters"
      error={problem}
      onChange={(event) => {
        setValue(event.target.value);
        if (event.target.value.trim() === "") forgetReferralCode();
        else rememberReferralCode(event.target.value);
      }}
    />
  );
}
