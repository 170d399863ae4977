import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ArcanaDeployment, deployments } from "@arcana/contracts";
import { chainIds } from "@arcana/protocol";

/** Where the local chain wrote its deployment (ephemeral, never committed); LOCAL_DEPLOYMENTS_DIR moves it. */
export function localDeploymentFile(repoRoot: string): string {
  const dir = process.env.LOCAL_DEPLOYMENTS_DIR || path.join(repoRoot, "contracts/deployments");
  return path.join(dir, "31337.json");
}

/**
 * The `custom` chain's deployment: the record `npm run deploy -- --network custom` wrote (read at each start, so a
 * new deploy needs no rebuild), when it is of the configured chain id.
 */
export function findCustomDeployment(chainId: number, file: string): ArcanaDeployment | null {
  if (!existsSync(file)) return null;
  const record = JSON.parse(readFileSync(file, "utf8")) as ArcanaDeployment;
  return record.chainId === chainId ? record : null;
}

/** The deployment of a chain: the committed live ones, or the local chain's runtime file. */
export function findDeployment(chainId: number, repoRoot: string): ArcanaDeployment | null {
  if (chainId === chainIds.local) {
    const file = localDeploymentFile(repoRoot);
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ArcanaDeployment) : null;
  }
  return deployments[chainId] ?? null;
}
