import type { Language } from "@arcana/protocol";
import { setMyLanguageRoute } from "@arcana/protocol/calls";
import { api } from "../lib/api";

/**
 * A signed-in member's choice: saved on their account (`POST /api/users/mine/language`, which also
 * sets this browser's `arcana_lang` cookie), then the page again from the server, without a `?lang=`
 * that would override it. The switcher loads this module with the first choice, not with the page.
 */
export async function chooseAccountLanguage(language: Language): Promise<void> {
  await api(setMyLanguageRoute, { body: { language } });
  const url = new URL(window.location.href);
  url.searchParams.delete("lang");
  // Without a fragment, even the same address is a navigation: the page is rendered again.
  url.hash = "";
  window.location.replace(url);
}
