import { EventEmitter } from "node:events";
// React DOM's build for Bun, run by Node: the Node build encodes each of a page's thousands of small chunks into
// bytes as it goes and runs every render in an AsyncLocalStorage; this one writes text. The same renderer and
// the same HTML (decision 0013, amendment of 2026-11-27; entry.server.test.tsx compares them).
import { renderToPipeableStream } from "react-dom/server.bun";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { InlineStylesContext } from "./shell/styles/inline-styles";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // The whole document, then one answer with its length: member data is the browser's (decision 0013), so a
    // page waits for nothing on the server and streaming its parts gains no time; writing it once saves the
    // stream plumbing that was a tenth of a page's cost.
    const body = new DocumentText((html) => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
    });

    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesContext value={loadContext.inlineStyles ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesContext>,
      {
        nonce,
        // React outlines a finished boundary once the page passes 12,800 bytes, for a streamed shell to arrive
        // sooner: the member's dashboard went out hidden, moved in place by an inline script a frame or more
        // later. Sent in one piece, every finished boundary goes in place.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

/** The server's `GET /i18n/…` (server/src/web/frontend.ts): the catalogs pages name. */
export { catalogFile } from "./i18n/messages.server";

/**
 * Where React writes a document: its text, kept until the end, then handed over whole. A Node Writable's
 * bookkeeping for each chunk cost more than keeping the text.
 */
export class DocumentText extends EventEmitter implements NodeJS.WritableStream {
  writable = true;
  #text = "";
  readonly #done: (text: string) => void;
  /**
   * Made for the first bytes (React's Node build writes them; pages, rendered by its Bun build, write text): a
   * chunk may end inside a character that the next one completes.
   */
  #decoder: TextDecoder | undefined;

  constructor(done: (text: string) => void) {
    super();
    this.#done = done;
  }

  write(chunk: string | Uint8Array): boolean {
    if (typeof chunk === "string") {
      this.#text += chunk;
    } else {
      this.#decoder ??= new TextDecoder();
      this.#text += this.#decoder.decode(chunk, { stream: true });
    }
    return true;
  }

  end(): this {
    if (this.writable) {
      this.writable = false;
      this.#done(this.#text + (this.#decoder?.decode() ?? ""));
    }
    return this;
  }
}
