import type { Command } from "commander";
import { addOperator, listOperators, removeOperator } from "../modules/operator/admin.js";
import type { CliContext } from "./context.js";

/** `operator add|remove|list`: who may use the operator console at /operator (audited). */
export function registerOperatorCommands(program: Command, context: CliContext) {
  const operator = program
    .command("operator")
    .description("who may use the operator console (/operator); members sign in once before they can be added");

  operator
    .command("add")
    .description("make this member an operator")
    .argument("<email>", "the member's e-mail address")
    .action(async (email: string) => {
      const { email: added, added: isNew } = await addOperator(await context.database(), context.actor, email);
      context.print(isNew ? `${added} is now an operator.` : `${added} already was an operator.`);
    });

  operator
    .command("remove")
    .description("take the operator role from this member")
    .argument("<email>", "the member's e-mail address")
    .action(async (email: string) => {
      const { email: removed, removed: wasOperator } = await removeOperator(
        await context.database(),
        context.actor,
        email,
      );
      context.print(wasOperator ? `${removed} is no longer an operator.` : `${removed} was not an operator.`);
    });

  operator
    .command("list")
    .description("every operator, longest-serving first")
    .action(async () => {
      const operators = await context.read((db) => listOperators(db));
      for (const row of operators) context.print(`${row.email}  (since ${row.grantedAt.toISOString()})`);
      context.print(`${operators.length} operator${operators.length === 1 ? "" : "s"}.`);
    });
}
