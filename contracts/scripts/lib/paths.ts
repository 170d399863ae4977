import path from "node:path";

/** The contracts workspace root (scripts/lib/../..). */
export const contractsRoot = path.resolve(__dirname, "..", "..");
export const artifactsDir = path.join(contractsRoot, "artifacts");
export const deploymentsDir = path.join(contractsRoot, "deployments");
export const generatedFile = path.join(contractsRoot, "generated", "index.ts");
