import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { LoadMemberProfile } from "./features/account/member-profile";
import { ReferralCapture } from "./features/referrals/referral-capture";
import type { Messages } from "./i18n/compiled";
import { messagesFor } from "./i18n/messages.server";
import { memberRootNamespaces, rootNamespaces } from "./i18n/namespaces";
import { translator, useT } from "./i18n/use-t";
import { isChunkLoadError, reloadForChunkError } from "./lib/chunk-reload";
import { readSessionUser } from "./lib/guards";
import { QueryProvider } from "./lib/query-provider";
import { type RootData, useRootData } from "./lib/root-data";
import { chunkFailureMessage, useAppUpdates } from "./shell/app-update/use-app-updates";
import { ErrorScreen } from "./shell/errors/error-screen";
import { ModalHost } from "./shell/modals/modal-host";
import { InlineStyles } from "./shell/styles/inline-styles";
import { Toaster } from "./ui/toaster";
import { evmStateFromCookie, readWagmiCookie } from "./wallet-runtime/wallet-cookie";
import { WalletRuntimeHost } from "./wallet-runtime/wallet-runtime-host";
import "./styles/global.css";

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const user = await readSessionUser(context);
  return {
    config: context.config,
    user,
    cspNonce: context.cspNonce,
    // Only wagmi's own cookie is read: the session cookie must never reach the page's data.
    evmWallet: evmStateFromCookie(readWagmiCookie(request.headers.get("cookie"))),
    language: context.language,
    // The operator's branding (config/branding.json); every message's {siteName} is its name.
    branding: context.config.branding,
    siteName: context.config.branding.site_name,
    messages: messagesFor(context.language, user ? memberRootNamespaces : rootNamespaces),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = data?.cspNonce;
  return (
    <html lang={data?.language ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <meta name="theme-color" content={data?.branding.theme_color ?? "#0a0920"} />
        <link rel="icon" href={data?.branding.icon_url ?? "/favicon.svg"} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const buildId = loaderData.config.build_id;
  useAppUpdates(buildId, useT());
  return (
    <QueryProvider buildId={buildId}>
      <LoadMemberProfile />
      <Outlet />
      <ModalHost />
      <ReferralCapture />
      <WalletRuntimeHost />
      <Toaster />
    </QueryProvider>
  );
}

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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // From the router, not window: the path must be right in server rendering too.
  const { pathname } = useLocation();
  const chunkError = isChunkLoadError(error);
  const data = useRootData();
  const t = useT();

  useEffect(() => {
    reloadForChunkError(error);
  }, [error]);

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
  const message = chunkError ? text(chunkFailureMessage) : text("shell.serverError");
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <ErrorScreen status={status} title={text("shell.serverErrorTitle")} message={message} detail={detail} t={text} />
  );
}
