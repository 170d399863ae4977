import type { User } from "@arcana/protocol";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteHeader } from "./site-header";

const member: User = {
  uid: "u1",
  email: "seer@example.com",
  pts: 0,
  wallet_address: null,
  solana_address: null,
  is_active: true,
  type: "free",
  level: "silver",
  has_password: false,
};

/** Loaders run before the first render; there is nothing to show meanwhile. */
function NothingYet() {
  return null;
}

function renderHeader(user: User | null) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      Component: SiteHeader,
      HydrateFallback: NothingYet,
      loader: () => ({
        user,
        cspNonce: "n",
        config: {
          environment: "test" as const,
          default_chain_id: 204,
          chains: [],
          solana_cluster: "mainnet-beta" as const,
          walletconnect_project_id: null,
          build_id: "test",
        },
      }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("SiteHeader", () => {
  afterEach(cleanup);

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
