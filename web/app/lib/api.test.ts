import {
  getMyProfileRoute,
  getPassMetadataRoute,
  listPointsHistoryRoute,
  sendSignInCodeRoute,
  signInRoute,
} from "@arcana/protocol/calls";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testMember, testT } from "../test/fixtures";
import { ApiRequestError, api, errorMessage, networkErrorMessage } from "./api";

function answer(body: unknown, init?: ResponseInit) {
  const fetcher = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body, init));
  vi.stubGlobal("fetch", fetcher);
  return fetcher;
}

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe("API client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads a member's profile from the same origin, with the session cookie, unwrapped from {data}", async () => {
    const member = testMember({ uid: "u1", email: "seer@example.com" });
    const fetcher = answer({ data: member });

    await expect(api(getMyProfileRoute)).resolves.toEqual(member);
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe("/api/users/mine");
    expect(init).toMatchObject({ method: "GET", credentials: "include", body: null });
  });

  it("sends a write as JSON", async () => {
    const fetcher = answer({ data: { sent: true, resend_after: 60, expires_in: 600 } });

    await expect(
      api(sendSignInCodeRoute, { body: { email: "seer@example.com", check_email: true } }),
    ).resolves.toMatchObject({
      resend_after: 60,
    });
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe("/api/send_code");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "seer@example.com", check_email: true });
  });

  it("turns the server's {error} into an error carrying its status, code and message", async () => {
    answer({ error: { code: "invalid_code", message: "That code is not right. 4 tries left." } }, { status: 400 });

    const error = await rejection(api(signInRoute, { body: { type: "code", email: "a@b.co", code: "000000" } }));
    expect(error).toMatchObject({ status: 400, code: "invalid_code", retryAfter: null });
    expect(error.message).toBe("That code is not right. 4 tries left.");
    // English shows the API's own message; other languages the code's message in that language.
    const t = testT();
    expect(errorMessage(error, t)).toBe("That code is not right. 4 tries left.");
    expect(errorMessage(new Error("boom"), t)).toBe(t("error.internal_error"));
    const ko = testT("ko");
    expect(errorMessage(error, ko)).toBe("코드가 맞지 않습니다. 이메일을 확인하고 다시 시도하세요.");
  });

  it("says how long to wait when the server rate-limits, from the body or the Retry-After header", async () => {
    answer({ error: { code: "too_many_requests", message: "Wait a minute.", retry_after: 42 } }, { status: 429 });
    expect(await rejection(api(sendSignInCodeRoute, { body: { email: "a@b.co" } }))).toMatchObject({
      code: "too_many_requests",
      retryAfter: 42,
    });

    answer(
      { error: { code: "too_many_requests", message: "Slow down." } },
      { status: 429, headers: { "retry-after": "7" } },
    );
    expect((await rejection(api(sendSignInCodeRoute, { body: { email: "a@b.co" } }))).retryAfter).toBe(7);
  });

  it("gives a friendly message when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );

    const error = await rejection(api(getMyProfileRoute));
    expect(error).toMatchObject({ status: 0, code: "network_error", message: networkErrorMessage });
  });

  it("gives a friendly message for an answer that is not the API's (a proxy's error page)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
    );

    const error = await rejection(api(getMyProfileRoute));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/try again/);
    expect(error.message).not.toMatch(/html/i);
  });

  it("lets a cancelled request stay a cancellation, not an error to show", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        controller.abort();
        throw new DOMException("aborted", "AbortError");
      }),
    );

    await expect(api(getMyProfileRoute, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("puts the query and path parameters a route takes into its URL", async () => {
    const fetcher = answer({ data: { items: [], next_cursor: null } });
    await api(listPointsHistoryRoute, { query: { per_page: 100, cursor: "MTIz:45" } });
    expect(fetcher.mock.calls[0]?.[0]).toBe("/api/assets?per_page=100&cursor=MTIz%3A45");

    const metadata = { name: "Arcana Genesis Pass #7", description: "A pass", image: "/api/nft/image.svg" };
    const bare = answer(metadata);
    await expect(api(getPassMetadataRoute, { params: { id: 7 } })).resolves.toEqual(metadata);
    expect(bare.mock.calls[0]?.[0]).toBe("/api/nft/metadata/7");
  });

  it("fails loudly in tests and development when an answer breaks the route's contract", async () => {
    answer({ data: { uid: "u1", email: "seer@example.com" } });
    await expect(api(getMyProfileRoute)).rejects.toThrow(/getMyProfile answered outside its contract/);
  });
});
