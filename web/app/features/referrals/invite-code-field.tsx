import { useEffect, useState } from "react";
import { Input } from "../../ui/input";
import { cleanReferralCode, forgetReferralCode, pendingReferralCode, rememberReferralCode } from "./pending-referral";

/**
 * `/auth`'s optional invite code: kept in the browser and applied after the first sign-in (with a
 * share link's code already filled in).
 */
export function InviteCodeField() {
  const [value, setValue] = useState("");
  useEffect(() => setValue(pendingReferralCode() ?? ""), []);
  const problem =
    value.trim() !== "" && !cleanReferralCode(value) ? "Codes are 4 to 32 letters, digits, - and _." : undefined;
  return (
    <Input
      label="Invite code (optional)"
      hint="New here with a friend's code? It is applied when you first sign in."
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
