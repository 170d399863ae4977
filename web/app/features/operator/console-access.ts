import type { OperatorConsoleReads } from "@arcana/protocol";
import { type AppLoadContext, data } from "react-router";

/**
 * The console's reads for an operator. Anyone else gets the site's plain 404: nothing tells a
 * visitor or a member that the console exists.
 */
export async function requireOperatorConsole(context: AppLoadContext): Promise<OperatorConsoleReads> {
  const reads = await context.getOperatorConsole();
  if (!reads) throw data(null, { status: 404 });
  return reads;
}
