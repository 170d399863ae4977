import type { User } from "@arcana/protocol";
import type { MessageId } from "../../i18n/use-t";

const day = 24 * 60 * 60 * 1000;

/**
 * How the dashboard greets a member: "Welcome" in the first day of their account (a brand-new member has not been
 * here before, so never "back"), "Welcome back" after it.
 */
export function greetingFor(member: Pick<User, "member_since">, now: number): MessageId {
  return now - Date.parse(member.member_since) < day ? "home.welcomeNew" : "home.welcome";
}
