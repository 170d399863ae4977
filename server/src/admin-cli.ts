// `npm run admin -- <command>`: the operator's command line.
import { bootstrap } from "./bootstrap.js";
import { boxesReport } from "./modules/boxes/report.js";
import { createBoxService } from "./modules/boxes/service.js";
import { allowlistAdmin } from "./modules/passes/service.js";
import { type BoundWalletKind, walletAdmin } from "./modules/wallets/service.js";

const usage = `Usage: npm run admin -- <command>

  allowlist add <email|0xwallet>      let this member mint (when ALLOWLIST_ENABLED)
  allowlist remove <email|0xwallet>
  allowlist list
  wallet show <email|address>         the member's bound EVM wallet and Solana address
  wallet unbind <email|address> evm|solana
                                      release a lost wallet so the member can bind another
  boxes list                          supply sold/left per box, openings per reward (90 days) vs stated odds`;

const [area, action, value, extra] = process.argv.slice(2);
const valid =
  (area === "allowlist" && (action === "list" || ((action === "add" || action === "remove") && value !== undefined))) ||
  (area === "boxes" && action === "list") ||
  (area === "wallet" &&
    value !== undefined &&
    (action === "show" || (action === "unbind" && (extra === "evm" || extra === "solana"))));
if (!valid) {
  console.error(usage);
  process.exit(2);
}

const { database, config, economy } = await bootstrap();
try {
  if (area === "boxes") {
    console.log(await boxesReport(createBoxService({ db: database.db, economy, now: () => new Date() })));
  } else if (area === "wallet" && value) {
    const wallets = walletAdmin(database.db);
    if (action === "show") {
      const member = await wallets.show(value);
      console.log(
        `${member.email}\n  EVM wallet:     ${member.evm ?? "(none)"}\n  Solana address: ${member.solana ?? "(none)"}`,
      );
    } else {
      const { email, released } = await wallets.unbind(value, extra as BoundWalletKind);
      console.log(
        released ? `Released ${released} from ${email}; they can bind another.` : `${email} had no ${extra} binding.`,
      );
    }
  } else {
    const admin = allowlistAdmin(database.db);
    if (action === "add" && value) {
      const added = await admin.add(value);
      console.log(`Added ${added.kind} ${added.entry} to the allowlist.`);
    } else if (action === "remove" && value) {
      console.log((await admin.remove(value)) ? `Removed ${value}.` : `${value} was not on the allowlist.`);
    } else {
      const entries = await admin.list();
      for (const row of entries)
        console.log(`${row.kind.padEnd(6)} ${row.entry}  (added ${row.addedAt.toISOString()})`);
      console.log(
        `${entries.length} entr${entries.length === 1 ? "y" : "ies"}; the allowlist is ${config.allowlistEnabled ? "ON" : "OFF (ALLOWLIST_ENABLED)"}.`,
      );
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
