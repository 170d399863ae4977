import type { Language, PublicBranding, PublicChain, PublicConfig, User } from "@arcana/protocol";
import { messagesFor } from "../i18n/messages.server";
import { namespaces } from "../i18n/namespaces";
import { type Translate, translator } from "../i18n/use-t";

/** A chain as `/api/config` describes it: the local chain unless overridden. */
export function testChain(overrides: Partial<PublicChain> = {}): PublicChain {
  return {
    id: 31337,
    key: "local",
    name: "Local chain",
    rpc_url: "http://127.0.0.1:8545",
    explorer_url: null,
    native_currency: { name: "Ether", symbol: "ETH", decimals: 18 },
    gas_note: null,
    bridge_url: null,
    contracts: { genesis_pass: null, daily: null, forwarder: null },
    ...overrides,
  };
}

/** Arcana's own branding, as the server sends it without a branding file. */
export const testBranding: PublicBranding = {
  site_name: "Arcana",
  short_name: "Arcana",
  description: "A loyalty app for Genesis Pass holders: daily check-ins, tarot, loot boxes and rewards.",
  logo_url: "/favicon.svg",
  icon_url: "/favicon.svg",
  theme_color: "#0a0920",
  background_color: "#0d0b1a",
  links: { site: null, docs: null, social: [] },
  pass_name: "Arcana Genesis Pass",
};

/** The public config the root loader hands the page: no chains unless given. */
export function testConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    environment: "test",
    default_chain_id: 204,
    chains: [],
    solana_cluster: "mainnet-beta",
    walletconnect_project_id: null,
    build_id: "test",
    branding: testBranding,
    ...overrides,
  };
}

/** A signed-in member with nothing bound yet. */
export function testMember(overrides: Partial<User> = {}): User {
  return {
    uid: "u1",
    email: "seer@example.com",
    pts: 0,
    wallet_address: null,
    solana_address: null,
    is_active: true,
    type: "free",
    level: "silver",
    display_level: "gold",
    has_password: false,
    language: null,
    member_since: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** The root loader's language fields: every English message, compiled as the server sends them. */
export function testI18n(language: Language = "en") {
  return { language, branding: testBranding, siteName: "Arcana", messages: messagesFor(language, namespaces) };
}

/** A page's translator in `language`, as a page whose root sent `testI18n(language)` has it. */
export const testT = (language: Language = "en"): Translate => translator([{ data: testI18n(language) }]);
