import { getAllowlistStatusRoute, signMintAuthorizationRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testActor } from "../../test/admin.js";
import { apiClient } from "../../test/api-client.js";
import { createTestApp } from "../../test/app.js";
import { bindWalletDirectly, signUpMember } from "../../test/members.js";
import { addToAllowlist, removeFromAllowlist } from "./admin.js";
import { parseAllowlistEntry } from "./service.js";

const wallet = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ALLOWLIST_ENABLED: "1",
      CHAINS: "local",
      LOCAL_GENESIS_PASS_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    },
  });
});
afterAll(() => t.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

async function isInWhitelist(auth: Record<string, string>) {
  return (await api.data(getAllowlistStatusRoute, { auth })).isInWhitelist;
}

describe("the mint allowlist", () => {
  it("accepts e-mail addresses and wallets, normalised, and nothing else", () => {
    expect(parseAllowlistEntry(" Ada@Example.com ")).toEqual({ entry: "ada@example.com", kind: "email" });
    expect(parseAllowlistEntry(wallet)).toEqual({ entry: wallet.toLowerCase(), kind: "wallet" });
    expect(parseAllowlistEntry("0x123")).toBeNull();
  });

  it("keeps a member who is not on it from minting, and lets them once the operator adds them", async () => {
    const member = await signUpMember(t, "hopeful@example.com");
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    expect(await isInWhitelist(member.auth)).toBe(false);
    const refused = await api.call(signMintAuthorizationRoute, { body: { address: wallet }, auth: member.auth });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/allowlist/);

    await addToAllowlist(t.database.db, testActor, { entry: "Hopeful@example.com" }, new Date());
    expect(await isInWhitelist(member.auth)).toBe(true);
    await removeFromAllowlist(t.database.db, testActor, "hopeful@example.com", new Date());
    await addToAllowlist(t.database.db, testActor, { entry: wallet }, new Date());
    expect(await isInWhitelist(member.auth)).toBe(true);
  });

  it("needs a session", async () => {
    expect((await api.call(getAllowlistStatusRoute)).status).toBe(401);
  });
});
