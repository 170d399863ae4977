// Re-derives every revealed opening of a day's export (docs/fairness.md), with node:crypto only:
//   node docs/verify-openings.mjs arcana-openings-2026-11-27.jsonl
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";

const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const tally = { verified: 0, waiting: 0, member_only: 0, failed: 0 };
const lines = readFileSync(process.argv[2], "utf8").split("\n");
for (const [number, line] of lines.entries()) {
  if (line === "") continue;
  const o = JSON.parse(line);
  if (o.server_seed === null) tally.waiting++; // not revealed yet
  else if (o.client_seed === null) tally.member_only++; // the member typed it: only they can check this one
  else {
    const mac = createHmac("sha256", o.server_seed).update(`${o.client_seed}:${o.nonce}`).digest();
    const total = o.weights.reduce((sum, weight) => sum + weight, 0);
    const target = Number((BigInt(mac.readUInt32BE(0)) * BigInt(total)) >> 32n); // floor(f × total)
    let from = 0;
    const index = o.weights.findIndex((weight) => target < (from += weight));
    const ok =
      sha256(o.server_seed) === o.server_seed_hash &&
      sha256(o.client_seed) === o.client_seed_hash &&
      index === o.reward_index;
    tally[ok ? "verified" : "failed"]++;
    if (!ok) console.log(`line ${number + 1} does not re-derive: ${line}`);
  }
}
console.log(JSON.stringify(tally));
process.exitCode = tally.failed > 0 ? 1 : 0;
