import { createContext, useContext } from "react";

/** The stylesheet the server puts inline into this page (see `ArcanaLoadContext.inlineStyles`). */
export const InlineStylesContext = createContext("");

/**
 * The app's stylesheet inline in the document's head, when the server renders it so: a first
 * visit then paints without waiting for a render-blocking stylesheet request. The browser never
 * has the text: its render keeps the element the server sent (React leaves an element's inner
 * HTML alone when hydrating it), so the styles stay for the whole visit, client navigation
 * included. Pages that link the stylesheet get an empty element.
 */
export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is the build's own stylesheet (server/src/web/frontend.ts), never input; as children, React would compare it with the browser's empty render.
  return <style data-inline-styles="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
