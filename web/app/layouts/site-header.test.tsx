import type { User } from "@arcana/protocol";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testBranding, testConfig, testMember } from "../test/fixtures";
import { renderAsRoot, testRootData } from "../test/render-root";
import { SiteHeader } from "./site-header";

const member = testMember();

/** The session as the server sees it; signing out clears it, as the real server would. */
let sessionUser: User | null;

/** Answers the API the way the server does, for the calls the header makes. */
function serveApi(profile: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      if (url === "/api/users/mine") return profile();
      if (url === "/api/sign_out") {
        sessionUser = null;
        return Response.json({ data: { signed_out: true } });
      }
      return Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
    }),
  );
  return calls;
}

function renderHeader(user: User | null, branded = false) {
  sessionUser = user;
  const branding = branded
    ? { ...testBranding, site_name: "Lumen Club", short_name: "Lumen", logo_url: "/brand/lumen.svg" }
    : testBranding;
  renderAsRoot(SiteHeader, () => ({
    ...testRootData(sessionUser, { config: testConfig({ branding }) }),
    branding,
    siteName: branding.site_name,
  }));
}

describe("SiteHeader", () => {
  beforeEach(() => {
    serveApi(() => Response.json({ data: member }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("carries the operator's brand: their name and logo, nowhere Arcana", async () => {
    renderHeader(null, true);
    const header = await screen.findByRole("banner");
    expect(header.textContent).toContain("Lumen Club");
    expect(header.textContent).not.toContain("Arcana");
    expect(header.querySelector('img[src="/brand/lumen.svg"]')).not.toBeNull();
  });

  it("links every main area and marks the current page", async () => {
    renderHeader(null);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const links = Array.from(nav.querySelectorAll("a")).map((link) => [link.textContent, link.getAttribute("href")]);

    expect(links).toEqual([
      ["Home", "/"],
      ["Genesis Pass", "/genesis-pass"],
      ["Daily Tarot", "/daily-tarot"],
      ["Loot Box", "/loot-box"],
    ]);
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
  });

  it("offers a visitor the sign-in page", async () => {
    renderHeader(null);
    expect((await screen.findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe("/auth");
  });

  it("shows a signed-in member their e-mail in the account menu", async () => {
    renderHeader(member);
    const trigger = await screen.findByRole("button", { name: /seer@example.com/ });
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();

    fireEvent.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Change password" }).getAttribute("href")).toBe("/change-password");
  });

  it("shows the member's points and the level the API says to show (an active free member: gold)", async () => {
    renderHeader({ ...member, pts: 1250 });
    fireEvent.click(await screen.findByRole("button", { name: /account menu/ }));
    expect(screen.getByText("1,250 pts")).toBeTruthy();
    expect(screen.getByText("gold")).toBeTruthy();
  });

  it("shows the profile fetched at start, fresher than the rendered page", async () => {
    const calls = serveApi(() =>
      Response.json({ data: { ...member, pts: 1300, is_active: false, display_level: "silver" } }),
    );
    renderHeader({ ...member, pts: 1250 });
    fireEvent.click(await screen.findByRole("button", { name: /account menu/ }));

    expect(await screen.findByText("1,300 pts")).toBeTruthy();
    expect(screen.getByText("silver")).toBeTruthy();
    expect(calls).toContain("GET /api/users/mine");
  });

  it("keeps the rendered profile when loading it fails", async () => {
    const calls = serveApi(() =>
      Response.json({ error: { code: "internal_error", message: "Down." } }, { status: 500 }),
    );
    renderHeader({ ...member, pts: 1250 });
    await waitFor(() => expect(calls).toContain("GET /api/users/mine"));
    fireEvent.click(await screen.findByRole("button", { name: /account menu/ }));
    expect(screen.getByText("1,250 pts")).toBeTruthy();
  });

  it("closes the account menu on Escape, returning focus, and on a click outside", async () => {
    renderHeader(member);
    const trigger = await screen.findByRole("button", { name: /account menu/ });

    fireEvent.click(trigger);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
  });

  it("signs out: ends the session on the server, then shows a visitor", async () => {
    const calls = serveApi(() => Response.json({ data: member }));
    renderHeader(member);
    fireEvent.click(await screen.findByRole("button", { name: /account menu/ }));
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));

    expect(await screen.findByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(calls).toContain("POST /api/sign_out");
    expect(screen.queryByRole("button", { name: /account menu/ })).toBeNull();
  });

  it("opens and closes the collapsed navigation from the menu button", async () => {
    renderHeader(null);
    const menu = await screen.findByRole("button", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("navigation", { name: "Main" }).dataset.open).toBe("true");

    fireEvent.click(screen.getByRole("link", { name: "Genesis Pass" }));
    expect(menu.getAttribute("aria-expanded")).toBe("false");
  });
});
