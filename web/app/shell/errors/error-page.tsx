import { isRouteErrorResponse } from "react-router";
import type { Messages } from "../../i18n/compiled";
import { translator, useT } from "../../i18n/use-t";
import { isChunkLoadError } from "../../lib/chunk-reload";
import { useRootData } from "../../lib/root-data";
import { chunkFailureMessage } from "../app-update/use-app-updates";
import { ErrorScreen } from "./error-screen";

/** The error screen's English, for when the root's loader (and so its messages) failed. */
const fallbackRootData = {
  language: "en",
  siteName: "Arcana",
  messages: {
    "shell.notFoundTitle": "Page Not Found",
    "shell.notFound": ["Page Not Found: ", ["pathname"]],
    "shell.serverErrorTitle": "Internal Server Error",
    "shell.serverError": "Something went wrong on our side. Please try again in a moment.",
    "shell.chunkFailed": "Part of Arcana failed to load. Check your connection, then reload.",
    "shell.errorTitle": [["title"], " · Arcana"],
    "shell.homeLink": "Arcana, home",
    "shell.status": ["Status ", ["status"], ". "],
    "shell.backHome": "Back to home",
  } satisfies Messages,
};

/**
 * What the root's error boundary shows (root.tsx): Page Not Found for a 404, otherwise the server
 * error (or, when a part of the app failed to load, how to get it). Its own chunk: no page needs it
 * to paint, and the root prefetches it once the page is idle.
 */
export default function ErrorPage({ error, pathname }: { error: unknown; pathname: string }) {
  const data = useRootData();
  const t = useT();
  // Without the root's data (its loader failed) there are no messages: the screen says it in English.
  const text = data ? t : translator([{ data: fallbackRootData }]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorScreen
        status={404}
        title={text("shell.notFoundTitle")}
        message={text("shell.notFound", { pathname })}
        t={text}
      />
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isChunkLoadError(error) ? text(chunkFailureMessage) : text("shell.serverError");
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <ErrorScreen status={status} title={text("shell.serverErrorTitle")} message={message} detail={detail} t={text} />
  );
}
