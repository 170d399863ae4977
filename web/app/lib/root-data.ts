import type { Language, PublicBranding, PublicConfig, User } from "@arcana/protocol";
import { useRouteLoaderData } from "react-router";
import type { EvmWalletState } from "../wallet-runtime/wallet-store";

/** What the root loader hands every page: the public config, the session user, the wallet cookie's state. */
export interface RootData {
  config: PublicConfig;
  user: User | null;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  evmWallet: EvmWalletState;
  /** The page's language, as the server resolved it (`?lang=`, the cookie, Accept-Language). */
  language: Language;
  /** The deployment's name and look (the operator's branding file; Arcana's own by default). */
  branding: PublicBranding;
  /** The deployment's name (`branding.site_name`), for every message's `{siteName}`. */
  siteName: string;
  /** Where the chrome's, the API errors' and the app-wide dialogs' messages in that language are (`loaded-catalogs.ts`). */
  messages: string;
}

/** The root loader's data; undefined only when the root loader failed. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
