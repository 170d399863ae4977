import { getConfigRoute, getMyProfileRoute, getPassMetadataRoute, listMyPassesRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, errorCode, pathOf } from "../../test/api-client.js";
import { createTestApp, signInByCode } from "../../test/app.js";
import { passes } from "./schema.js";

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  // Pass #7 as the indexer records a mint.
  await t.database.db.insert(passes).values({
    chainId: 31337,
    tokenId: 7,
    owner: "0x00000000000000000000000000000000000000aa",
    mintedAt: new Date("2026-11-01T00:00:00Z"),
  });
});
afterAll(() => t?.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

const marketplace = { origin: "https://market.example", "sec-fetch-site": "cross-site" };

describe("finding 16: a pass's metadata and artwork are readable by other sites", () => {
  it("serves a minted pass's metadata to any origin", async () => {
    const res = await api.call(getPassMetadataRoute, { params: { id: 7 }, extraHeaders: marketplace });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect((await dataOf(getPassMetadataRoute, res)).image).toContain("/api/nft/image.svg");
  });

  it("serves the artwork to any origin", async () => {
    // The image is not in the route table (an SVG the metadata links to, not a JSON call): its address as is.
    const res = await t.app.request("/api/nft/image.svg", { headers: marketplace });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  it("answers 404 for a pass never minted", async () => {
    const res = await api.call(getPassMetadataRoute, { params: { id: 8 }, extraHeaders: marketplace });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe("not_found");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("says every refusal of the metadata (400 for an id that is not a token id, 404 for one never minted) to any origin too", async () => {
    for (const [id, status] of [
      ["abc", 400],
      ["0", 400],
      ["8", 404],
    ] as const) {
      const res = await api.unchecked(getPassMetadataRoute, { params: { id }, extraHeaders: marketplace });
      expect(res.status, id).toBe(status);
      expect(res.headers.get("access-control-allow-origin"), id).toBe("*");
      expect(res.headers.get("cross-origin-resource-policy"), id).toBe("cross-origin");
    }
  });

  it("answers a marketplace's preflight for the metadata and the artwork: 204 with CORS", async () => {
    for (const path of [
      pathOf(getPassMetadataRoute, { params: { id: 7 } }),
      "/api/nft/image.svg",
      "/api/nft/metadata/abc",
    ]) {
      const res = await t.app.request(path, {
        method: "OPTIONS",
        headers: {
          ...marketplace,
          "access-control-request-method": "GET",
          "access-control-request-headers": "x-requested-with",
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-methods"), path).toContain("GET");
      expect(res.headers.get("access-control-allow-headers"), path).toBe("*");
      expect(res.headers.get("cross-origin-resource-policy"), path).toBe("cross-origin");
    }
  });

  it("changes nothing else: other answers stay same-origin, with no CORS", async () => {
    const token = await signInByCode(t.app, "artwork@example.com");
    for (const [route, auth] of [
      [getConfigRoute, {}],
      [getMyProfileRoute, { authorization: `Bearer ${token}` }],
      [listMyPassesRoute, { authorization: `Bearer ${token}` }],
    ] as const) {
      const path = pathOf(route);
      const res = await api.call(route, { auth, extraHeaders: marketplace });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(res.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
    }
  });
});
