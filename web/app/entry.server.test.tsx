// @vitest-environment node
import { lazy, type ReactNode, Suspense, use, useId } from "react";
import { renderToPipeableStream as renderForNode } from "react-dom/server";
import { renderToPipeableStream as renderForBun } from "react-dom/server.bun";
import { createStaticHandler, createStaticRouter, Link, NavLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DocumentText } from "./entry.server";

/** A page that uses what the app's pages use: a data router, links, Suspense, lazy parts, ids, escaping. */
async function page(): Promise<ReactNode> {
  const Later = lazy(async () => ({ default: () => <p className="later">Loaded &amp; shown</p> }));
  const settled = Promise.resolve("from a promise");
  function Settled() {
    return <span data-testid="settled">{use(settled)}</span>;
  }
  function Field() {
    const id = useId();
    return (
      <label htmlFor={id}>
        E-mail <input id={id} type="email" placeholder={'"quoted" <tag> & more'} defaultValue="a@b.c" />
      </label>
    );
  }
  const routes = [
    {
      path: "/",
      loader: () => ({ member: "Ada <script>", points: 1250 }),
      Component: () => (
        <html lang="ko">
          <head>
            <meta charSet="utf-8" />
            <title>{"Arcana — 한국어 <title>"}</title>
          </head>
          <body>
            <nav>
              <Link to="/loot-box">Loot</Link>
              <NavLink to="/" end>
                Home
              </NavLink>
            </nav>
            <Field />
            <p style={{ marginTop: 4, color: "var(--ink)" }}>{"Emoji 🂡 and text with \u2028 line separator"}</p>
            {Array.from({ length: 200 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
              <div key={i} className={`row row-${i}`} aria-hidden={i % 2 === 0}>
                Row {i}
              </div>
            ))}
            <Suspense fallback={<p>Loading…</p>}>
              <Later />
              <Settled />
            </Suspense>
          </body>
        </html>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://arcana.test/"));
  if (context instanceof Response) throw new Error("the test page redirected");
  return (
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} nonce="n0nce" />
  );
}

/**
 * React expects one server renderer per process: a render leaves the context values of its last task in place
 * until that renderer's next render restores them, so another renderer would read them (React Router's "a
 * <Router> inside another <Router>"). Each render here is followed by a tiny one by the same renderer.
 */
async function thenReset<Rendered>(rendered: Rendered, render: (tree: ReactNode) => Promise<string>) {
  await render(<p>reset</p>);
  return rendered;
}

/** What `render` writes for `tree` once everything is ready, as entry.server.tsx asks it. */
function viaRenderer(render: typeof renderForNode) {
  return (tree: ReactNode) =>
    new Promise<string>((resolve, reject) => {
      const { pipe } = render(tree, {
        nonce: "n0nce",
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => pipe(new DocumentText(resolve)),
        onShellError: reject,
      });
    });
}
const viaNode = viaRenderer(renderForNode);
const viaBun = viaRenderer(renderForBun);

describe("the renderer pages are written with", () => {
  it("writes, run by Node, exactly what React DOM's Node renderer writes", async () => {
    const tree = await page();
    const node = await thenReset(await viaNode(tree), viaNode);
    const bun = await thenReset(await viaBun(tree), viaBun);
    expect(node.length).toBeGreaterThan(5_000);
    expect(bun).toContain('data-testid="settled">from a promise</span>');
    expect(bun).toContain('<p class="later">Loaded &amp; shown</p>');
    expect(bun).toContain('<script nonce="n0nce">window.__staticRouterHydrationData');
    expect(bun).toBe(node);
  });
});

describe("DocumentText", () => {
  it("keeps what is written, text or bytes, and hands the whole text over once, at the end", () => {
    const handed: string[] = [];
    const document = new DocumentText((text) => handed.push(text));
    expect(document.write("<p>한국어 ")).toBe(true);
    // A character whose bytes arrive in two chunks.
    const bytes = new TextEncoder().encode("🂡</p>");
    document.write(bytes.subarray(0, 2));
    document.write(bytes.subarray(2));
    expect(handed).toEqual([]);
    document.end();
    document.end();
    expect(handed).toEqual(["<p>한국어 🂡</p>"]);
    expect(document.writable).toBe(false);
  });
});
