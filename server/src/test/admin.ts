import type { Database } from "../db/client.js";
import { addOperator } from "../modules/operator/admin.js";
import type { Actor } from "../modules/operator/api.js";
import { memberNamed, unbindWallet } from "../modules/wallets/admin.js";
import type { BoundWalletKind } from "../modules/wallets/service.js";

/** The actor tests run admin actions as: the CLI, run by `test`. */
export const testActor: Actor = { kind: "cli", user: "test" };

/** Makes the member with this e-mail an operator, as `npm run admin -- operator add` does. */
export function makeOperator(db: Database, email: string) {
  return addOperator(db, testActor, email);
}

/** Releases the wallet of the member named by e-mail or bound address, as `npm run admin -- wallet unbind` does. */
export async function unbindWalletOf(db: Database, identifier: string, kind: BoundWalletKind, at = new Date()) {
  const member = await memberNamed(db, identifier);
  const { email, released } = await unbindWallet(db, testActor, member.id, kind, at);
  return { email, released };
}
