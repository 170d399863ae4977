import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testConfig } from "../test/fixtures";
import { renderAsRoot, testRootData } from "../test/render-root";
import { SiteFooter } from "./site-footer";

afterEach(cleanup);

function renderFooter(environment: "development" | "production") {
  renderAsRoot(SiteFooter, () => testRootData(null, { config: testConfig({ environment }) }));
}

describe("the site footer", () => {
  it("links the developers' pages (signing playground, UI kit) in development only", async () => {
    renderFooter("development");
    expect(await screen.findByRole("link", { name: "Sign a message" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "UI kit" })).toBeTruthy();
    cleanup();
    renderFooter("production");
    expect(await screen.findByRole("link", { name: "Fairness" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign a message" })).toBeNull();
    expect(screen.queryByRole("link", { name: "UI kit" })).toBeNull();
  });
});
