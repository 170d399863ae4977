import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalog } from "./i18n/loaded-catalogs";

// The page's messages come as files its head preloads (`CatalogPreloads`): hydrating renders with them.
const catalogs = [...document.querySelectorAll("link[data-catalog]")].map((link) =>
  loadCatalog(link.getAttribute("href") ?? ""),
);

Promise.allSettled(catalogs).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
