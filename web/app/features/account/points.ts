import type { Translate } from "../../i18n/use-t";

/**
 * "1,250 pts": how a points balance reads everywhere in the app, in the page's language (the
 * server and the browser write it with the same language, so hydration agrees).
 */
export function formatPoints(pts: number, t: Translate): string {
  return t("shell.points", { pts });
}
