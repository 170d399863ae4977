import { type Language, languageNames, languages } from "@arcana/protocol";
import { useSessionUser } from "../features/account/use-session-user";
import styles from "./language-switcher.module.css";
import { useLanguage, useT } from "./use-t";

/**
 * The language switcher: a plain GET form, so `?lang=xx` (which the server remembers in the
 * `arcana_lang` cookie, and on a signed-in member's account) reloads the page in the chosen
 * language, with or without JavaScript. With JavaScript, a signed-in member's choice goes through
 * the API (`account-language.ts`); should that fail, the form still carries it.
 */
export function LanguageSwitcher({ className }: { className?: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  const member = useSessionUser();
  return (
    <form method="get" className={className}>
      <label>
        <span className="visually-hidden">{t("shell.language")}</span>
        <select
          className={styles.select}
          name="lang"
          defaultValue={language}
          onChange={({ currentTarget: { form, value } }) => {
            if (!member) return form?.submit();
            import("./account-language")
              .then((module) => module.chooseAccountLanguage(value as Language))
              .catch(() => form?.submit());
          }}
        >
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
