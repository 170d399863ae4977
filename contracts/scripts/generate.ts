// Regenerates generated/index.ts from the artifacts (`hardhat run` compiles first) and deployments/*.json.
import { generateExport } from "./lib/generate-export";

const chainIds = generateExport();
console.log(`generated/index.ts written (deployments: ${chainIds.length ? chainIds.join(", ") : "none"})`);
