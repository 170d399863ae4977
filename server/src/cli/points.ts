import { normalizeEmail } from "@arcana/protocol";
import { type Command, InvalidArgumentError } from "commander";
import type { Database } from "../db/client.js";
import { adjustPoints } from "../modules/ledger/admin.js";
import { ledgerLabel, recentMovements } from "../modules/ledger/api.js";
import { memberByEmail } from "../modules/users/service.js";
import { OperationFailed } from "./connect.js";
import { type CliContext, positiveWholeNumber } from "./context.js";

function reasonText(value: string): string {
  const reason = value.trim();
  if (reason.length === 0 || reason.length > 500)
    throw new InvalidArgumentError("Give a reason of 1 to 500 characters.");
  return reason;
}

async function findMember(db: Database, email: string) {
  const member = await memberByEmail(db, normalizeEmail(email));
  if (!member) throw new OperationFailed(`No member has the e-mail address ${email}.`);
  return member;
}

const points = (amount: number) => `${amount} point${amount === 1 || amount === -1 ? "" : "s"}`;
const signed = (amount: number) => (amount > 0 ? `+${amount}` : String(amount));

/** `points grant|show`: operators' point grants and a member's balance and latest movements. */
export function registerPointsCommands(program: Command, context: CliContext) {
  const pointsCommand = program.command("points").description("members' points: grants by the team, balances");

  const adjustments = [
    {
      direction: "grant" as const,
      description:
        "give a member points (a ledger row of kind grant, with your reason; the member reads “Bonus from the team”)",
      done: (amount: number, email: string) => `Granted ${points(amount)} to ${email}`,
    },
    {
      direction: "deduct" as const,
      description: "take points from a member (a ledger row of kind deduction, with your reason); never below zero",
      done: (amount: number, email: string) => `Deducted ${points(amount)} from ${email}`,
    },
  ];
  for (const { direction, description, done } of adjustments) {
    pointsCommand
      .command(direction)
      .description(description)
      .argument("<email>", "the member's e-mail address")
      .argument("<amount>", "how many points, a positive whole number", positiveWholeNumber)
      .requiredOption("--reason <text>", "why (kept in the ledger for operators; shown by points show)", reasonText)
      .action(async (email: string, amount: number, options: { reason: string }) => {
        const db = await context.database();
        const member = await findMember(db, email);
        const adjustment = { direction, amount, reason: options.reason };
        const { pts } = await adjustPoints(db, context.actor, member.id, adjustment, new Date());
        context.print(`${done(amount, member.email)} (${options.reason}); their balance is ${points(pts)}.`);
      });
  }

  pointsCommand
    .command("show")
    .description("a member's balance and their last 20 point movements")
    .argument("<email>", "the member's e-mail address")
    .action(async (email: string) => {
      const { member, rows } = await context.read(async (db) => {
        const member = await findMember(db, email);
        return { member, rows: await recentMovements(db, member.id, 20) };
      });
      context.print(`${member.email}: ${points(member.pts)}`);
      if (rows.length === 0) {
        context.print("No point movements yet.");
        return;
      }
      context.print(`Last ${rows.length === 1 ? "movement" : `${rows.length} movements`}, newest first:`);
      const width = Math.max(...rows.map((row) => signed(row.amount).length));
      for (const row of rows) {
        const when = row.createdAt.toISOString().replace("T", " ").slice(0, 19);
        const reason = row.reason ? `  (reason: ${row.reason})` : "";
        context.print(`  ${when} UTC  ${signed(row.amount).padStart(width)}  ${ledgerLabel(row)}${reason}`);
      }
    });
}
