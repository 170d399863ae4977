const evmAddress = /^0x[0-9a-fA-F]{40}$/;

/** 0x and 40 hex digits, the API's `EvmAddress` (viem checks a mixed-case checksum when it writes). */
export function isEvmAddress(value: string): value is `0x${string}` {
  return evmAddress.test(value);
}

/**
 * Whether `a` and `b` are the same EVM address, whatever their checksum case: viem's
 * `isAddress(…, { strict: false })` and `isAddressEqual`, without loading viem with the page.
 */
export function sameAddress(a: string, b: string): boolean {
  return isEvmAddress(a) && isEvmAddress(b) && a.toLowerCase() === b.toLowerCase();
}
