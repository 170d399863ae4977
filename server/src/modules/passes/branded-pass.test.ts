import { genesisPassAbi } from "@arcana/contracts";
import type { MintSignature } from "@arcana/protocol";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, postJson, readData } from "../../test/app.js";
import { startTestChain } from "../../test/chain.js";
import { deployArcana, hardhatAccounts, walletOn } from "../../test/contracts.js";
import { bindWalletDirectly, signUpMember } from "../../test/members.js";

// A pass deployed under the operator's name: its EIP-712 domain name is that name, and the server's mint
// authorizations must verify against it (the server reads it from the contract, decision 0037).
const alice = hardhatAccounts[2] as PrivateKeyAccount;
let chain: Awaited<ReturnType<typeof startTestChain>>;
let contracts: Awaited<ReturnType<typeof deployArcana>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  chain = await startTestChain();
  contracts = await deployArcana(chain, { name: "Lumen Club Genesis Pass", symbol: "LUMEN" });
  t = await createTestApp({ env: contracts.env });
}, 90_000);
afterAll(async () => {
  await t?.dispose();
  await chain?.stop();
});

describe("a branded Genesis Pass", () => {
  it("carries the operator's name on chain, and the server's mint authorization verifies against it", async () => {
    const read = <F extends "name" | "symbol">(functionName: F) =>
      chain.client.readContract({ address: contracts.genesisPass, abi: genesisPassAbi, functionName });
    expect(await read("name")).toBe("Lumen Club Genesis Pass");
    expect(await read("symbol")).toBe("LUMEN");

    const member = await signUpMember(t, "alice@example.com");
    await bindWalletDirectly(t.database.db, member.userId, alice.address);
    const auth = await readData<MintSignature>(
      await postJson(t.app, "/api/blockchain/mint_signature", { address: alice.address }, member.auth),
    );
    const hash = await walletOn(chain, alice).writeContract({
      address: contracts.genesisPass,
      abi: genesisPassAbi,
      functionName: "mint",
      args: [auth.to, BigInt(auth.nonce), BigInt(auth.deadline), auth.signature],
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(
      await chain.client.readContract({
        address: contracts.genesisPass,
        abi: genesisPassAbi,
        functionName: "passOf",
        args: [alice.address],
      }),
    ).toBe(1n);
  });
});
