import { readFileSync } from "node:fs";
import path from "node:path";
import type { Abi, Hex } from "viem";
import { artifactsDir } from "./paths";

export type ArcanaContractName = "GenesisPass" | "Daily" | "ERC2771Forwarder";

/** Where each artifact lies under artifacts/: our sources, and OpenZeppelin's forwarder compiled unchanged. */
const sourceOf: Record<ArcanaContractName, string> = {
  GenesisPass: "src/GenesisPass.sol",
  Daily: "src/Daily.sol",
  ERC2771Forwarder: "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol",
};

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** Reads a compiled contract from Hardhat's artifacts (run `hardhat compile` first). */
export function readCompiledContract(name: ArcanaContractName): CompiledContract {
  const file = path.join(artifactsDir, sourceOf[name], `${name}.json`);
  const artifact = JSON.parse(readFileSync(file, "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: artifact.abi, bytecode: artifact.bytecode };
}
