/**
 * DEV-ONLY keys: Hardhat's well-known default accounts #0 and #1 (mnemonic "test test ... junk").
 * Everyone knows these private keys. Never fund them or use them on a live network.
 */
export const devDeployerPrivateKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
export const devDeployerAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
export const devAuthorizerPrivateKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
export const devAuthorizerAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;

/** The local development chain (Hardhat network). */
export const localChainId = 31337;
