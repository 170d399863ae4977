import { readFileSync } from "node:fs";
import path from "node:path";
import type { Abi, Hex } from "viem";
import { artifactsDir } from "./paths";

export type ArcanaContractName = "GenesisPass" | "Daily";

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** Reads a compiled contract from Hardhat's artifacts (run `hardhat compile` first). */
export function readCompiledContract(name: ArcanaContractName): CompiledContract {
  const file = path.join(artifactsDir, "src", `${name}.sol`, `${name}.json`);
  const artifact = JSON.parse(readFileSync(file, "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: artifact.abi, bytecode: artifact.bytecode };
}
