import { useMember } from "./use-member";

/** Loads the member's profile when the app starts with a session, whatever the layout. */
export function LoadMemberProfile() {
  useMember();
  return null;
}
