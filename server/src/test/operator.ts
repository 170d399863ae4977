import { type Economy, loadEconomy } from "../economy.js";
import { makeOperator } from "./admin.js";
import { createTestApp, type testClock } from "./app.js";
import { signUpMember } from "./members.js";

/** One box (moon: mostly 5 points, sometimes 50) for the console's box figures. */
export const operatorEconomy: Economy = {
  ...loadEconomy(),
  boxes: [
    {
      id: "moon",
      name: "Moon Box",
      description: "Mostly points.",
      i18n: { ja: { name: "ムーンボックス" } },
      price: 10,
      supply: 100,
      perMemberLimit: null,
      rewards: [
        { kind: "points", amount: 5, weight: 3 },
        { kind: "points", amount: 50, weight: 1 },
      ],
    },
  ],
};

const passAddress = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const dailyAddress = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";

/** An app on the local chain's addresses with an operator (operator@) and a plain member (member@). */
export async function createOperatorTestApp(clock: ReturnType<typeof testClock>) {
  const t = await createTestApp({
    now: clock.now,
    economy: operatorEconomy,
    env: { CHAINS: "local", LOCAL_GENESIS_PASS_ADDRESS: passAddress, LOCAL_DAILY_ADDRESS: dailyAddress },
  });
  const operator = await signUpMember(t, "operator@example.com");
  const visitorMember = await signUpMember(t, "member@example.com");
  await makeOperator(t.database.db, "operator@example.com");
  return { t, operator, visitorMember };
}

/** The status and error code of an answer. */
export async function errorOf(res: Response): Promise<[number, string | undefined]> {
  return [res.status, ((await res.json()) as { error?: { code: string } }).error?.code];
}
