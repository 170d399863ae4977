/**
 * What an EVM address is (spec §9: 0x followed by 40 hex characters, any case), without zod, so the
 * web's first load can check one without loading zod or viem. `hex.ts`'s schema uses the same rule.
 */
export const EVM_ADDRESS_HEX = /^[0-9a-fA-F]{40}$/;

export function isEvmAddress(value: string): value is `0x${string}` {
  return value.startsWith("0x") && EVM_ADDRESS_HEX.test(value.slice(2));
}

/** Whether `a` and `b` are the same EVM address, whatever their checksum case (viem's `isAddressEqual`). */
export function sameEvmAddress(a: string, b: string): boolean {
  return isEvmAddress(a) && isEvmAddress(b) && a.toLowerCase() === b.toLowerCase();
}
