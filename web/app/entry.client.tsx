import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { catalogsOfDocument, loadCatalogUntilLoaded } from "./i18n/loaded-catalogs";

// The page's messages come as files its head preloads (`CatalogPreloads`): hydrating renders with them, so it
// waits for them (a failed fetch is tried again): without them it would replace the server's words with ids.
const catalogs = [...catalogsOfDocument()].map((href) => loadCatalogUntilLoaded(href));

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
