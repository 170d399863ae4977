import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { User } from "@arcana/protocol";
import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { testConfig, testMember } from "../test/fixtures";
import { createGuarded, type GuardName, guarded } from "./guards";

const member = testMember({ email: "a@b.c" });

/** A loader's arguments for the page at `url`; `requestUrl` is what a data request fetches for it. */
function argsFor(url: string, user: User | null, requestUrl = url) {
  const context: AppLoadContext = {
    requestId: "test",
    cspNonce: "nonce",
    language: "en",
    config: testConfig(),
    getSessionUser: async () => user,
    getOperatorConsole: async () => null,
  };
  return { request: new Request(requestUrl), url: new URL(url), context, params: {} };
}

async function thrownBy(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

describe("auth guard", () => {
  it("sends a visitor to sign in, remembering the path and query they asked for", async () => {
    const loader = vi.fn(async () => "secret");
    const thrown = await thrownBy(
      guarded(["auth"], loader)(argsFor("http://arcana.test/change-password?from=menu", null)),
    );

    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fchange-password%3Ffrom%3Dmenu");
    expect(loader).not.toHaveBeenCalled();
  });

  it("sends a visitor back to the page, not to React Router's data address, after a client navigation", async () => {
    const thrown = await thrownBy(
      guarded(
        ["auth"],
        async () => "secret",
      )(
        argsFor(
          "http://arcana.test/change-password?from=menu",
          null,
          "http://arcana.test/change-password.data?from=menu&_routes=routes%2Fchange-password",
        ),
      ),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/auth?redirect=%2Fchange-password%3Ffrom%3Dmenu");
  });

  it("lets a signed-in member through to the loader", async () => {
    const loader = vi.fn(async () => "secret");
    const result = await guarded(["auth"], loader)(argsFor("http://arcana.test/change-password", member));

    expect(result).toBe("secret");
    expect(loader).toHaveBeenCalledOnce();
  });

  it("asks for the session once per guarded request", async () => {
    const args = argsFor("http://arcana.test/change-password", member);
    const getSessionUser = vi.spyOn(args.context, "getSessionUser");
    await guarded(["auth"], async () => null)(args);

    expect(getSessionUser).toHaveBeenCalledOnce();
  });
});

describe("guarded", () => {
  it("refuses an unknown guard when the route module loads, before any request", () => {
    // @ts-expect-error: guard names are checked at typecheck time too.
    expect(() => guarded(["admin"], async () => null)).toThrow('Unknown route guard "admin"');
  });

  it("does not mistake inherited object properties for guards", () => {
    expect(() => guarded(["toString" as GuardName], async () => null)).toThrow('Unknown route guard "toString"');
  });

  it("runs guards in the order the route names them and stops at the first refusal", async () => {
    const calls: string[] = [];
    const guardedWith = createGuarded({
      first: () => {
        calls.push("first");
        throw new Response(null, { status: 403 });
      },
      second: () => {
        calls.push("second");
      },
    });
    const thrown = await thrownBy(
      guardedWith(["first", "second"], async () => null)(argsFor("http://arcana.test/", null)),
    );

    expect((thrown as Response).status).toBe(403);
    expect(calls).toEqual(["first"]);
  });
});

describe("loaders", () => {
  it("read the page's address from `url`: `request.url` is `<page>.data` after a client navigation", () => {
    const appDir = path.resolve(import.meta.dirname, "..");
    const modules = [
      "root.tsx",
      "lib/guards.ts",
      ...readdirSync(path.join(appDir, "routes"))
        .filter((name) => name.endsWith(".tsx"))
        .map((name) => `routes/${name}`),
    ];
    const reading = modules.filter((file) => readFileSync(path.join(appDir, file), "utf8").includes("request.url"));
    expect(reading).toEqual([]);
  });
});
