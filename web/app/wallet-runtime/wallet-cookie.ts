import { isAddress } from "viem";
import { disconnectedEvm, type EvmWalletState } from "./wallet-store";

/** wagmi keeps its connection state in this cookie (cookieStorage, key prefix "wagmi"). */
export const wagmiStoreCookie = "wagmi.store";

interface StoredConnection {
  accounts?: string[];
  chainId?: number;
  connector?: { id?: string; name?: string; uid?: string };
}

/** The wagmi cookie's raw value from a Cookie header, or null. */
export function readWagmiCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const entry = cookieHeader.split(/;\s*/).find((part) => part.startsWith(`${wagmiStoreCookie}=`));
  return entry ? entry.slice(wagmiStoreCookie.length + 1) : null;
}

/**
 * What the page shows for the EVM wallet before the wallet stacks load: a returning member's last
 * connection, as "reconnecting", so server and first client render agree and nothing flashes "Connect".
 */
export function evmStateFromCookie(value: string | null): EvmWalletState {
  if (!value) return disconnectedEvm;
  try {
    const parsed = JSON.parse(value) as {
      state?: { current?: string | null; connections?: { __type?: string; value?: Array<[string, StoredConnection]> } };
    };
    const current = parsed.state?.current;
    const connection = parsed.state?.connections?.value?.find(([uid]) => uid === current)?.[1];
    const address = connection?.accounts?.[0];
    if (!current || !connection || !address || !isAddress(address, { strict: false })) return disconnectedEvm;
    return {
      status: "reconnecting",
      address,
      chainId: connection.chainId ?? null,
      connectorName: connection.connector?.name ?? null,
    };
  } catch {
    return disconnectedEvm;
  }
}
