import { lazy, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { LoadMemberProfile } from "./features/account/member-profile";
import { ReferralCapture } from "./features/referrals/referral-capture";
import { withChainNames } from "./i18n/chain-names.server";
import { withCatalog } from "./i18n/loaded-catalogs";
import { messagesFor } from "./i18n/messages.server";
import { memberRootNamespaces, rootNamespaces } from "./i18n/namespaces";
import { CatalogPreloads, useT } from "./i18n/use-t";
import { reloadForChunkError } from "./lib/chunk-reload";
import { readSessionUser } from "./lib/guards";
import { QueryProvider } from "./lib/query-provider";
import { type RootData, useRootData } from "./lib/root-data";
import { whenIdle } from "./lib/when-idle";
import { useAppUpdates } from "./shell/app-update/use-app-updates";
import { ModalHost } from "./shell/modals/modal-host";
import { InlineStyles } from "./shell/styles/inline-styles";
import { Toaster } from "./ui/toaster";
import { evmStateFromCookie, readWagmiCookie } from "./wallet-runtime/wallet-cookie";
import { WalletRuntimeHost } from "./wallet-runtime/wallet-runtime-host";
import "./styles/global.css";

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const user = await readSessionUser(context);
  return {
    config: withChainNames(context.config, context.language),
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

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

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
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <Meta />
        <CatalogPreloads />
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
  useEffect(
    () =>
      whenIdle(() => {
        loadErrorPage().catch(() => undefined);
      }),
    [],
  );
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

/** The error page: its own chunk, fetched once the page is idle, so an error shows even offline. */
const loadErrorPage = () => import("./shell/errors/error-page");
const ErrorPage = lazy(loadErrorPage);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // From the router, not window: the path must be right in server rendering too.
  const { pathname } = useLocation();
  useEffect(() => {
    reloadForChunkError(error);
  }, [error]);
  return <ErrorPage error={error} pathname={pathname} />;
}
