import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messagesFor } from "../../i18n/messages.server";
import { SessionsPanel } from "./sessions-panel";

const listed = [
  {
    id: "11111111-1111-4111-8111-111111111111",
    browser: "Chrome",
    os: "Android",
    signed_in_at: "2026-11-20T10:00:00.000Z",
    last_seen_at: "2026-11-25T10:00:00.000Z",
    current: true,
  },
  {
    id: "22222222-2222-4222-8222-222222222222",
    browser: "Firefox",
    os: "Linux",
    signed_in_at: "2026-11-01T10:00:00.000Z",
    last_seen_at: "2026-11-02T10:00:00.000Z",
    current: false,
  },
];

function serveSessions() {
  const posted: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        posted.push(url);
        return Response.json({ data: { ended: 1 } });
      }
      return Response.json({ data: listed });
    }),
  );
  return posted;
}

function renderPanel() {
  const Stub = createRoutesStub([
    {
      path: "/change-password",
      Component: () => <SessionsPanel uid="member-1" />,
      loader: () => ({ language: "en", messages: messagesFor("en", ["account", "error"]) }),
    },
    { path: "/", Component: () => <p>Home</p> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/change-password"]} />
    </QueryClientProvider>,
  );
}

describe("finding 2: the member's sessions", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists each device with when it was last seen, and signs one out", async () => {
    const posted = serveSessions();
    renderPanel();
    expect(await screen.findByText("Firefox on Linux")).toBeTruthy();
    expect(screen.getByText("Chrome on Android")).toBeTruthy();
    expect(screen.getByText(/This device/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "End session on Firefox on Linux" }));
    await vi.waitFor(() => expect(posted).toEqual([`/api/sessions/${listed[1]?.id}/end`]));
  });

  it("signs out everywhere and leaves for the home page", async () => {
    const posted = serveSessions();
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("Home")).toBeTruthy();
    expect(posted).toEqual(["/api/sign_out_everywhere"]);
  });
});
