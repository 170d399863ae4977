import { devDeployerPrivateKey } from "@arcana/contracts/dev-keys";
import type { DevFaucetResponse } from "@arcana/protocol";
import { createWalletClient, http, isAddress, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { viemChains } from "../../chain/chains.js";
import type { ChainConfig, Config } from "../../config.js";
import { ApiError } from "../../shared/errors.js";

export const FAUCET_AMOUNT = parseEther("1");

/**
 * Sends 1 ETH on the local development chain to a burner wallet, from Hardhat's account #0: funded
 * on every fresh local chain, and its key is public, so this only ever runs against the local chain.
 */
export function createDevFaucet(localChain: ChainConfig) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(devDeployerPrivateKey),
    chain: { ...viemChains.local, rpcUrls: { default: { http: [localChain.rpcUrl] } } },
    transport: http(localChain.rpcUrl, { retryCount: 0, timeout: 10_000 }),
  });
  return {
    async fund(address: string): Promise<DevFaucetResponse> {
      if (!isAddress(address, { strict: false })) {
        throw new ApiError("invalid_address", "An EVM address is 0x followed by 40 hex characters.");
      }
      try {
        const hash = await wallet.sendTransaction({ to: address, value: FAUCET_AMOUNT });
        return { tx_hash: hash, amount_wei: FAUCET_AMOUNT.toString() };
      } catch {
        throw new ApiError("service_unavailable", "The local chain is not answering. Is `npm start` running it?");
      }
    },
  };
}

/** The burner wallet's faucet exists only off production and only with a local chain to pour from. */
export function devFaucetFor(config: Pick<Config, "isProduction" | "chains">) {
  const localChain = config.chains.find((chain) => chain.key === "local");
  return !config.isProduction && localChain ? createDevFaucet(localChain) : null;
}
