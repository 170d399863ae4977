import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { useMember } from "../features/account/use-member";
import { HeaderWallet } from "../features/wallets/header-wallet";
import { LanguageSwitcher } from "../i18n/language-switcher";
import { type MessageId, useT } from "../i18n/use-t";
import { buttonClassName } from "../ui/button";
import { Logo } from "../ui/logo";
import styles from "./site-header.module.css";

// Members only: visitors, most of the first loads, never download the account menu.
const AccountMenu = lazy(() =>
  import("../features/account/account-menu").then((module) => ({ default: module.AccountMenu })),
);

const navigation: { to: string; label: MessageId }[] = [
  { to: "/", label: "shell.nav.home" },
  { to: "/genesis-pass", label: "shell.page.pass" },
  { to: "/daily-tarot", label: "shell.page.tarot" },
  { to: "/loot-box", label: "shell.nav.loot" },
];

export function SiteHeader() {
  const user = useMember();
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className={styles.header}>
      <a className={styles.skipLink} href="#main">
        {t("shell.skip")}
      </a>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label={t("shell.homeLink")}>
          <Logo />
        </Link>
        <nav id="site-navigation" className={styles.nav} data-open={menuOpen} aria-label={t("shell.nav.main")}>
          <ul className={styles.navList}>
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={styles.navLink} onClick={() => setMenuOpen(false)}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          {/* On a phone the switcher is in the menu, leaving the header's row to the wallet and account. */}
          <LanguageSwitcher className={styles.menuLanguage} />
        </nav>
        <div className={styles.account}>
          <LanguageSwitcher className={styles.accountLanguage} />
          <HeaderWallet />
          {user ? (
            <Suspense fallback={null}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <Link to="/auth" className={buttonClassName({ size: "sm" })}>
              {t("shell.signIn")}
            </Link>
          )}
        </div>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="site-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d={menuOpen ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{t("shell.menu")}</span>
        </button>
      </div>
    </header>
  );
}
