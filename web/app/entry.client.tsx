import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogUntilLoaded } from "./i18n/loaded-catalogs";

// The page's messages come as files its head preloads (`CatalogPreloads`): hydrating renders with them, so it
// waits for them (a failed fetch is tried again): without them it would replace the server's words with ids.
const catalogs = [...document.querySelectorAll("link[data-catalog]")].map((link) =>
  loadCatalogUntilLoaded(link.getAttribute("href") ?? ""),
);

Promise.all(catalogs).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
