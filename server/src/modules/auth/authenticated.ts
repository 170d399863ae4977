import type { User } from "@arcana/protocol";

/** A request's signed-in member and the session that signed them in (the auth module finds it). */
export interface Authenticated {
  user: User;
  sessionId: string;
}
