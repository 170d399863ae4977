import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messagesFor } from "../../i18n/messages.server";
import { ReminderOffer } from "./reminder-offer";
import { remindersQueryKey } from "./use-reminders";

const neverAsked = { available: true, enabled: false, send_hour: null, default_send_hour: 20, chosen_at: null };

function serveReminders(initial: typeof neverAsked | (Omit<typeof neverAsked, "chosen_at"> & { chosen_at: string })) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        const choice = JSON.parse(String(init.body)) as { enabled: boolean };
        posted.push(choice);
        return Response.json({ data: { ...initial, enabled: choice.enabled, chosen_at: "2026-11-22T12:00:00.000Z" } });
      }
      return Response.json({ data: initial });
    }),
  );
  return posted;
}

function renderOffer(
  language: "en" | "ko" = "en",
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <ReminderOffer uid="member-1" />,
      loader: () => ({ language, messages: messagesFor(language, ["member", "error"]) }),
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={["/"]} />
    </QueryClientProvider>,
  );
}

describe("the offer after a check-in: 'Remind me before my streak ends'", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is offered to a member who never chose, and 'Remind me' stores the opt-in and says when the e-mail comes", async () => {
    const posted = serveReminders(neverAsked);
    renderOffer();
    expect(await screen.findByText("Remind me before my streak ends")).toBeTruthy();
    expect(screen.getByText(/20:00 GMT/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remind me" }));
    expect((await screen.findByTestId("reminder-offer-done")).textContent).toContain("20:00 GMT");
    expect(posted).toEqual([{ enabled: true }]);
  });

  it("'No, thanks' is a choice too: stored, so the offer is not repeated", async () => {
    const posted = serveReminders(neverAsked);
    renderOffer("ko");
    fireEvent.click(await screen.findByRole("button", { name: "괜찮습니다" }));
    expect((await screen.findByTestId("reminder-offer-done")).textContent).toMatch(/\p{Script=Hangul}/u);
    expect(posted).toEqual([{ enabled: false }]);
  });

  it("is not shown again once the member has chosen", async () => {
    serveReminders({ ...neverAsked, chosen_at: "2026-11-20T12:00:00.000Z" });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderOffer("en", client);
    await vi.waitFor(() => expect(client.getQueryData(remindersQueryKey("member-1"))).toBeDefined());
    expect(screen.queryByTestId("reminder-offer")).toBeNull();
    expect(screen.queryByText("Remind me before my streak ends")).toBeNull();
  });
});
