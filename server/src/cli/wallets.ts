import { type Command, InvalidArgumentError } from "commander";
import { memberNamed, unbindWallet } from "../modules/wallets/admin.js";
import type { BoundWalletKind } from "../modules/wallets/service.js";
import type { CliContext } from "./context.js";

function walletKind(value: string): BoundWalletKind {
  if (value === "evm" || value === "solana") return value;
  throw new InvalidArgumentError("It must be evm or solana.");
}

/** `wallet show|unbind`: a member's bound wallets, and releasing a lost one. */
export function registerWalletCommands(program: Command, context: CliContext) {
  const wallet = program.command("wallet").description("members' bound wallets");

  wallet
    .command("show")
    .description("the member's bound EVM wallet and Solana address")
    .argument("<member>", "the member's e-mail address, or a wallet or Solana address bound to them")
    .action(async (member: string) => {
      const found = await context.read((db) => memberNamed(db, member));
      context.print(
        `${found.email}\n  EVM wallet:     ${found.walletAddress ?? "(none)"}\n  Solana address: ${found.solanaAddress ?? "(none)"}`,
      );
    });

  wallet
    .command("unbind")
    .description("release a lost wallet so the member can bind another (their passes stay with the old one)")
    .argument("<member>", "the member's e-mail address, or a wallet or Solana address bound to them")
    .argument("<kind>", "evm or solana", walletKind)
    .action(async (member: string, kind: BoundWalletKind) => {
      const db = await context.database();
      const found = await memberNamed(db, member);
      const { email, released } = await unbindWallet(db, context.actor, found.id, kind, new Date());
      context.print(
        released ? `Released ${released} from ${email}; they can bind another.` : `${email} had no ${kind} binding.`,
      );
    });
}
