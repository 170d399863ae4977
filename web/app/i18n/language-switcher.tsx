import { isLanguage, languageNames, languages } from "@arcana/protocol";
import type { ChangeEvent } from "react";
import { useSessionUser } from "../features/account/use-session-user";
import styles from "./language-switcher.module.css";
import { useLanguage, useT } from "./use-t";

/**
 * A signed-in member's choice goes to their account (`POST /api/users/mine/language`, which also
 * sets this browser's `arcana_lang` cookie), then the page is rendered again in it. The API client
 * loads with that first choice, not with the page.
 */
async function saveOnAccount(language: string): Promise<void> {
  const [{ api }, { setMyLanguageRoute }] = await Promise.all([import("../lib/api"), import("@arcana/protocol/calls")]);
  await api(setMyLanguageRoute, { body: { language } });
}

/** The same page again, from the server, without a `?lang=` that would override the new choice. */
function renderAgain() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("lang")) return window.location.reload();
  url.searchParams.delete("lang");
  window.location.replace(url);
}

/**
 * The language switcher: a plain GET form, so `?lang=xx` (which the server remembers in the
 * `arcana_lang` cookie, and on a signed-in member's account) reloads the page in the chosen
 * language, with or without JavaScript. With JavaScript, a signed-in member's choice is saved
 * through the API first; should that fail, the form still carries it.
 */
export function LanguageSwitcher({ className }: { className?: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  const member = useSessionUser();
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const { form, value } = event.currentTarget;
    if (!member || !isLanguage(value)) return form?.submit();
    saveOnAccount(value).then(renderAgain, () => form?.submit());
  };
  return (
    <form method="get" className={className}>
      <label>
        <span className="visually-hidden">{t("shell.language")}</span>
        <select className={styles.select} name="lang" defaultValue={language} onChange={choose}>
          {languages.map((tag) => (
            <option key={tag} value={tag} lang={tag}>
              {languageNames[tag]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit">{t("shell.languageApply")}</button>
      </noscript>
    </form>
  );
}
