import { referralCodeInputSchema } from "@arcana/protocol";
import { type Command, InvalidArgumentError } from "commander";
import { kolAdmin } from "../modules/referrals/admin.js";
import type { CliContext } from "./context.js";

function kolCode(value: string): string {
  const parsed = referralCodeInputSchema.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError("A code is 4 to 32 letters, digits, - or _.");
  return parsed.data;
}

function points(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 2_147_483_647) {
    throw new InvalidArgumentError("It must be a whole number from 0 to 2147483647.");
  }
  return parsed;
}

/** `kol add|list|disable`: members with invite codes of their own rates (KOLs). */
export function registerKolCommands(program: Command, context: CliContext) {
  const kol = program
    .command("kol")
    .description("KOL codes: extra invite codes of a member, with their own rates and statistics");

  kol
    .command("add")
    .description("give a member a KOL code (the member becomes a KOL); a random code unless --code")
    .argument("<email>", "the member's e-mail address")
    .option("--code <code>", "the code (4–32 letters, digits, - or _; case-insensitive)", kolCode)
    .option(
      "--inviter-points <n>",
      "points for the KOL per qualified invite (default: economy kol.inviterPoints)",
      points,
    )
    .option(
      "--invitee-points <n>",
      "points for the invitee once qualified (default: economy kol.inviteePoints)",
      points,
    )
    .action(async (email: string, options: { code?: string; inviterPoints?: number; inviteePoints?: number }) => {
      const added = await kolAdmin(await context.database(), context.actor).add(email, options);
      const inviter = options.inviterPoints ?? `${context.economy.kol.inviterPoints} (economy default)`;
      const invitee = options.inviteePoints ?? `${context.economy.kol.inviteePoints} (economy default)`;
      context.print(
        `${added.email} has KOL code ${added.code}: ${inviter} points per qualified invite, ${invitee} for the invitee.`,
      );
    });

  kol
    .command("list")
    .description("every KOL code with its owner, rates, uses and qualified invites")
    .action(async () => {
      const codes = await context.read((db) => kolAdmin(db, context.actor).list());
      for (const row of codes) {
        const rates = `inviter ${row.inviterPoints ?? `${context.economy.kol.inviterPoints}*`}, invitee ${row.inviteePoints ?? `${context.economy.kol.inviteePoints}*`}`;
        const state = row.disabledAt ? `  DISABLED ${row.disabledAt.toISOString()}` : "";
        context.print(`${row.code}  ${row.email}  ${rates}  uses ${row.uses}, qualified ${row.qualified}${state}`);
      }
      context.print(`${codes.length} KOL code${codes.length === 1 ? "" : "s"} (* the economy file's kol rates).`);
    });

  kol
    .command("disable")
    .description("stop a KOL code from being used; its invites and rewards stay")
    .argument("<code>", "the KOL code (any case)")
    .action(async (code: string) => {
      const disabled = await kolAdmin(await context.database(), context.actor).disable(code);
      context.print(disabled ? `Disabled ${code.toUpperCase()}.` : `${code.toUpperCase()} was already disabled.`);
    });
}
