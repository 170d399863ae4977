import pino from "pino";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { createAuthorizationSigner } from "./signer.js";
import { checkedSigner, createSignerHealth } from "./signer-health.js";

// The server's key against a chain whose GenesisPass accepts another authorizer, without a chain: the RPC's
// answer is the other address (signer-health.test.ts runs the same against real contracts, through the mint).
const KEY = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";
const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const contract = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const { chains } = loadConfig({
  NODE_ENV: "test",
  CHAINS: "opBNB",
  DEFAULT_CHAIN: "opBNB",
  OPBNB_GENESIS_PASS_ADDRESS: contract,
  OPBNB_DAILY_ADDRESS: "0xe7f1725E7734CE288F8367e1e0d2b3c7E1f1b9e8",
});
const answering = (authorizer: string) => ({ client: () => ({ readContract: async () => authorizer }) });

function health(authorizer: string) {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const signer = createAuthorizationSigner(KEY);
  const signerHealth = createSignerHealth({
    config: { chains },
    chainClients: answering(authorizer),
    signer,
    logger,
    now: () => new Date(),
  });
  return { lines, signerHealth, checked: checkedSigner(signer, signerHealth) };
}

const mint = { chainId: 204, contract, to: OTHER, nonce: 1n, deadline: 2n } as const;
const unstake = { chainId: 204, contract, tokenId: 7n, nonce: 1n, deadline: 2n } as const;

describe("a signer the chain does not accept", () => {
  it("logs one error naming both addresses and the fix, and refuses mint and unstake authorizations (503 code)", async () => {
    const { lines, signerHealth, checked } = health(OTHER);
    await signerHealth.check();
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain(privateKeyToAccount(KEY).address);
    expect(errors[0]?.msg).toContain(OTHER);
    expect(errors[0]?.msg).toContain("npm run admin -- chain set-authorizer");
    await expect(checked.signMint(mint)).rejects.toMatchObject({ code: "signer_not_authorizer" });
    await expect(checked.signUnstake(unstake)).rejects.toMatchObject({ code: "signer_not_authorizer" });
    await signerHealth.check();
    expect(lines.filter((line) => line.level === 50)).toHaveLength(1);
  });

  it("signs both when the chain accepts its address", async () => {
    const { lines, checked } = health(privateKeyToAccount(KEY).address);
    expect(await checked.signMint(mint)).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await checked.signUnstake(unstake)).toMatch(/^0x[0-9a-f]{130}$/);
    expect(lines.filter((line) => line.level === 50)).toEqual([]);
  });
});
