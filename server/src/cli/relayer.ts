import type { Command } from "commander";
import { createChainClients } from "../chain/clients.js";
import { createSponsoredChains } from "../modules/sponsorship/relayer/chain-state.js";
import { formatRelayerReport, relayerReports } from "../modules/sponsorship/reports.js";
import type { CliContext } from "./context.js";

/** `relayer status`: what the sponsored-transaction relayers hold, spend and have waiting. */
export function registerRelayerCommands(program: Command, context: CliContext) {
  const relayer = program.command("relayer").description("the relayer that pays members' sponsored transactions");
  relayer
    .command("status")
    .description(
      "per sponsored chain: relayer address and balance, spent today against the budget, queue, outcomes, last 14 days",
    )
    .action(async () => {
      const chainClients = createChainClients(context.config);
      const chains = createSponsoredChains(context.config, context.economy.sponsorship, chainClients);
      if (chains.all().length === 0) {
        context.print(
          "No chain is sponsored: each needs a forwarder, a relayer key (RELAYER_PRIVATE_KEY) and an entry in the economy file's sponsorship.chains.",
        );
        return;
      }
      const withBalances = await Promise.all(
        chains.all().map(async (target) => ({
          target,
          balance: await chains.balance(target.chain.id).catch(() => null),
        })),
      );
      const reports = await context.read((tx) => relayerReports(tx, withBalances, { now: new Date(), days: 14 }));
      for (const report of reports) {
        context.print(formatRelayerReport(report, report.symbol));
      }
    });
}
