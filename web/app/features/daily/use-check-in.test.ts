import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchCheckInStatus } from "./use-check-in";

afterEach(() => vi.unstubAllGlobals());

describe("loading the check-in week", () => {
  it("swallows a failure and answers nothing, so the page shows its empty state", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "internal_error", message: "boom" } }, { status: 500 })),
    );
    expect(await fetchCheckInStatus()).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await fetchCheckInStatus()).toBeNull();
  });
});
