import { languageNames, languages } from "@arcana/protocol";
import styles from "./language-switcher.module.css";
import { useLanguage, useT } from "./use-t";

/**
 * The language switcher: a plain GET form, so `?lang=xx` (which the server remembers in the
 * `arcana_lang` cookie) reloads the page in the chosen language, with or without JavaScript.
 */
export function LanguageSwitcher({ className }: { className?: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  return (
    <form method="get" className={className}>
      <label>
        <span className="visually-hidden">{t("shell.language")}</span>
        <select
          className={styles.select}
          name="lang"
          defaultValue={language}
          onChange={(event) => event.currentTarget.form?.submit()}
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
