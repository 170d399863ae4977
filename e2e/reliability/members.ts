import { runCli } from "../../server/src/cli/program.js";
import { bindWallet, dataOf, type Member, memberChain, postJson, signUp } from "./client.js";
import type { Environment } from "./environment.js";

/** Operator grants through the real CLI (`npm run admin -- points grant`), on the suite's database. */
export async function grantPoints(env: Environment, email: string, amount: number) {
  let errors = "";
  const code = await runCli(["points", "grant", email, String(amount), "--reason", "reliability suite"], {
    env: { ...process.env, NODE_ENV: "development", CHAINS: "local", DATABASE_URL: env.databaseUrl },
    out: () => {},
    err: (text) => (errors += text),
  });
  if (code !== 0) throw new Error(`points grant ${email} ${amount}: exit ${code} ${errors}`);
}

/** A member with a bound, funded wallet and 1000 points, signed up on the server at `url`. */
export async function newMember(env: Environment, url: string, label = "member"): Promise<Member> {
  const member = await signUp(env, url, label);
  await bindWallet(url, member);
  await memberChain(env, member).fund();
  await grantPoints(env, member.email, 1000);
  return member;
}

/** A member who has checked in, and the credited transaction (re-submitting it needs the RPC and the database). */
export async function checkedInMember(env: Environment, url: string, label: string) {
  const member = await newMember(env, url, label);
  const receipt = await memberChain(env, member).checkIn();
  dataOf(
    await postJson(url, "/blockchain/check_in", { tx_hash: receipt.transactionHash, chain_id: 31337 }, member.headers),
  );
  return { member, receipt };
}

/** The soak's members: each checked in (the check-in it re-submits) and holding enough points to keep buying. */
export async function soakMembers(env: Environment, url: string, count = 4) {
  const members = [];
  for (let i = 0; i < count; i++) {
    const { member, receipt } = await checkedInMember(env, url, "soak");
    await grantPoints(env, member.email, 100_000);
    members.push({ member, checkIn: receipt.transactionHash });
  }
  return members;
}
