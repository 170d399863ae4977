import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadCatalog, loadCatalogUntilLoaded, loadedCatalog, withCatalog } from "./loaded-catalogs";
import { catalogFile, messagesFor } from "./messages.server";

afterEach(() => vi.unstubAllGlobals());

describe("the catalogs a page's data names", () => {
  it("are addressed by language, namespaces in their declared order and content, and the server knows them at once", () => {
    const href = messagesFor("ja", ["member", "shell"]);
    expect(href).toMatch(/^\/i18n\/ja\/shell\+member\.[\w-]{12}\.json$/);
    expect(messagesFor("ja", ["shell", "member", "shell"])).toBe(href);
    expect(messagesFor("ko", ["shell", "member"])).not.toBe(href);
    expect(loadedCatalog(href)?.["shell.signIn"]).toBe(JSON.parse(catalogFile(href)?.text ?? "{}")["shell.signIn"]);
    expect(catalogFile(href)?.current).toBe(true);
  });

  it("load in the browser before a route's new data is shown, once per address; a failed fetch is tried again", async () => {
    const href = "/i18n/vi/tarot.test-address.json";
    const answers = [new Response("busy", { status: 503 }), Response.json({ "tarot.title": "Tarot" })];
    const fetch = vi.fn(async () => answers.shift() ?? new Response(null, { status: 500 }));
    vi.stubGlobal("fetch", fetch);
    const serverLoader = async () => ({ messages: href, day: 3 });

    await expect(withCatalog(serverLoader)).rejects.toThrow(`${href}: 503`);
    expect(loadedCatalog(href)).toBeUndefined();
    await expect(withCatalog(serverLoader)).resolves.toEqual({ messages: href, day: 3 });
    expect(loadedCatalog(href)).toEqual({ "tarot.title": "Tarot" });
    await loadCatalog(href);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith(href);
  });

  it("are fetched again before a page hydrates, 1 s, 2 s, 4 s… apart (30 s at most), until they are here", async () => {
    const href = "/i18n/tr/home.hydration-test.json";
    const failures = [
      ...Array.from({ length: 7 }, () => new Response("busy", { status: 503 })),
      new TypeError("Failed to fetch"),
    ];
    const fetch = vi.fn(async () => {
      const failure = failures.shift();
      if (failure instanceof Error) throw failure;
      return failure ?? Response.json({ "home.title": "Arcana" });
    });
    vi.stubGlobal("fetch", fetch);
    const waits: number[] = [];
    await loadCatalogUntilLoaded(href, async (ms) => {
      waits.push(ms);
    });
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(fetch).toHaveBeenCalledTimes(9);
    expect(loadedCatalog(href)).toEqual({ "home.title": "Arcana" });
  });

  it("leave data without an address as it is", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await expect(withCatalog(async () => ({ rows: [] }))).resolves.toEqual({ rows: [] });
    await expect(withCatalog(async () => null)).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("a route whose loader sends messages", () => {
  it("waits for them in the browser too (its clientLoader), or a page reached by a link would show message ids", () => {
    const appDir = path.resolve(import.meta.dirname, "..");
    const modules = [
      "root.tsx",
      ...readdirSync(path.join(appDir, "routes"))
        .filter((name) => name.endsWith(".tsx"))
        .map((name) => `routes/${name}`),
    ];
    const sending = modules.filter((file) =>
      /messages(For|Loader)\(/.test(readFileSync(path.join(appDir, file), "utf8")),
    );
    expect(sending.length).toBeGreaterThan(8);
    const without = sending.filter(
      (file) =>
        !readFileSync(path.join(appDir, file), "utf8").includes(
          "export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);",
        ),
    );
    expect(without).toEqual([]);
  });
});
