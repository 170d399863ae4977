import { useRootData } from "../lib/root-data";
import styles from "./logo.module.css";

/** Arcana's crescent-and-star mark (or the branding's logo) with the site's name; the text is the accessible name. */
export function Logo() {
  const branding = useRootData()?.branding;
  const ownLogo = branding && branding.logo_url !== "/favicon.svg" ? branding.logo_url : null;
  return (
    <span className={styles.logo}>
      {ownLogo ? (
        <img className={styles.mark} src={ownLogo} alt="" />
      ) : (
        <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="14.5" fill="none" stroke="currentColor" strokeOpacity="0.45" />
          <path d="M19.5 7a9.5 9.5 0 1 0 5.5 16.7A8 8 0 0 1 19.5 7Z" fill="currentColor" />
          <path d="M22.5 9.5l.8 1.9 1.9.8-1.9.8-.8 1.9-.8-1.9-1.9-.8 1.9-.8Z" fill="currentColor" />
        </svg>
      )}
      <span className={styles.wordmark}>{branding?.site_name ?? "Arcana"}</span>
    </span>
  );
}
