import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, apiGet, apiPost, errorMessage, networkErrorMessage } from "./api";

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
    const fetcher = answer({ data: { uid: "u1", email: "seer@example.com" } });

    await expect(apiGet("/users/mine")).resolves.toEqual({ uid: "u1", email: "seer@example.com" });
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe("/api/users/mine");
    expect(init).toMatchObject({ method: "GET", credentials: "include", body: null });
  });

  it("sends a write as JSON", async () => {
    const fetcher = answer({ data: { sent: true, resend_after: 60, expires_in: 600 } });

    await expect(apiPost("/send_code", { email: "seer@example.com", check_email: true })).resolves.toMatchObject({
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

    const error = await rejection(apiPost("/sign_in", { type: "code", email: "a@b.co", code: "000000" }));
    expect(error).toMatchObject({ status: 400, code: "invalid_code", retryAfter: null });
    expect(error.message).toBe("That code is not right. 4 tries left.");
    expect(errorMessage(error)).toBe("That code is not right. 4 tries left.");
  });

  it("says how long to wait when the server rate-limits, from the body or the Retry-After header", async () => {
    answer({ error: { code: "too_many_requests", message: "Wait a minute.", retry_after: 42 } }, { status: 429 });
    expect(await rejection(apiPost("/send_code", {}))).toMatchObject({ code: "too_many_requests", retryAfter: 42 });

    answer(
      { error: { code: "too_many_requests", message: "Slow down." } },
      { status: 429, headers: { "retry-after": "7" } },
    );
    expect((await rejection(apiPost("/send_code", {}))).retryAfter).toBe(7);
  });

  it("gives a friendly message when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );

    const error = await rejection(apiGet("/users/mine"));
    expect(error).toMatchObject({ status: 0, code: "network_error", message: networkErrorMessage });
  });

  it("gives a friendly message for an answer that is not the API's (a proxy's error page)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
    );

    const error = await rejection(apiGet("/users/mine"));
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

    await expect(apiGet("/users/mine", { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
