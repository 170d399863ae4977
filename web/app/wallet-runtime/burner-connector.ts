import {
  type Chain,
  createWalletClient,
  type EIP1193Provider,
  http,
  isHex,
  numberToHex,
  size,
  type TypedDataDefinition,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createConnector } from "wagmi";

/** Where the burner's key lives: this browser only, development only. */
export const burnerKeyStorage = "arcana:burner-key";
/** Set while the member has the burner connected, so a reload reconnects it (and only then). */
const connectedFlag = "arcana:burner-connected";

const burnerIcon =
  "data:image/svg+xml;base64," +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b1d5e"/><path d="M16 5c3 5 8 8 8 14a8 8 0 0 1-16 0c0-4 2-6 4-8 0 3 1 5 3 6-1-5 0-9 1-12z" fill="#f5b942"/></svg>',
  );

function burnerKey(): `0x${string}` {
  const stored = window.localStorage.getItem(burnerKeyStorage);
  if (stored && isHex(stored, { strict: true }) && size(stored) === 32) return stored;
  const key = generatePrivateKey();
  window.localStorage.setItem(burnerKeyStorage, key);
  return key;
}

/**
 * A development-only EVM wallet: a key kept in localStorage that signs in the page (viem local
 * account) and sends to the local chain. It lets a newcomer use everything without an extension.
 */
export function burnerWallet(localChain: Chain) {
  return createConnector<EIP1193Provider>((config) => {
    let provider: EIP1193Provider | undefined;

    function account() {
      return privateKeyToAccount(burnerKey());
    }

    function getProvider(): EIP1193Provider {
      if (provider) return provider;
      const signer = account();
      const client = createWalletClient({ account: signer, chain: localChain, transport: http() });
      provider = {
        on: () => provider as EIP1193Provider,
        removeListener: () => provider as EIP1193Provider,
        request: (async ({ method, params }: { method: string; params?: unknown[] }) => {
          switch (method) {
            case "eth_accounts":
            case "eth_requestAccounts":
              return [signer.address];
            case "eth_chainId":
              return numberToHex(localChain.id);
            case "personal_sign":
              return signer.signMessage({ message: { raw: params?.[0] as `0x${string}` } });
            case "eth_signTypedData_v4":
              return signer.signTypedData(JSON.parse(params?.[1] as string) as TypedDataDefinition);
            case "eth_sendTransaction": {
              const tx = params?.[0] as { to?: `0x${string}`; data?: `0x${string}`; value?: `0x${string}` };
              return client.sendTransaction({
                to: tx.to ?? null,
                data: tx.data,
                value: tx.value ? BigInt(tx.value) : undefined,
              });
            }
            default:
              return client.request({ method, params } as never);
          }
        }) as EIP1193Provider["request"],
      } as EIP1193Provider;
      return provider;
    }

    return {
      id: "burner",
      name: "Burner Wallet",
      type: "burner",
      icon: burnerIcon,
      async connect({ withCapabilities } = {}) {
        window.localStorage.setItem(connectedFlag, "1");
        const { address } = account();
        return {
          accounts: (withCapabilities ? [{ address, capabilities: {} }] : [address]) as never,
          chainId: localChain.id,
        };
      },
      async disconnect() {
        window.localStorage.removeItem(connectedFlag);
      },
      async getAccounts() {
        return [account().address];
      },
      async getChainId() {
        return localChain.id;
      },
      async getProvider() {
        return getProvider();
      },
      async isAuthorized() {
        return window.localStorage.getItem(connectedFlag) !== null;
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId);
        if (chainId !== localChain.id || !chain) throw new Error("The burner wallet only lives on the local chain.");
        return chain;
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {
        config.emitter.emit("disconnect");
      },
    };
  });
}
