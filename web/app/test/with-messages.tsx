import type { Language } from "@arcana/protocol";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { testI18n } from "./fixtures";

/**
 * A `render` wrapper for components that read the page's messages (`useT`) outside a page: a data
 * router whose root already holds the catalog (English unless `language` says otherwise), so the
 * first render has it.
 */
export function WithMessages({ children, language = "en" }: { children: ReactNode; language?: Language }) {
  const Stub = createRoutesStub([
    { id: "root", path: "*", Component: () => children, loader: () => testI18n(language) },
  ]);
  return <Stub hydrationData={{ loaderData: { root: testI18n(language) } }} />;
}
