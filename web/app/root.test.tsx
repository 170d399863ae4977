import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

/** The failing route never renders: its loader throws first. */
function Nothing() {
  return null;
}

function renderFailingRoute(path: string, failure: () => never) {
  const Stub = createRoutesStub([
    { path: "*", loader: failure, Component: Nothing, HydrateFallback: Nothing, ErrorBoundary },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("root error boundary", () => {
  afterEach(cleanup);

  it("shows Page Not Found with the requested path for a 404", async () => {
    renderFailingRoute("/that/path", () => {
      throw data(null, { status: 404 });
    });

    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Page Not Found");
    expect(screen.getByText("Page Not Found: /that/path")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(document.title).toBe("Page Not Found · Arcana");
  });

  it("shows the server-error screen with the response's status", async () => {
    renderFailingRoute("/loot-box", () => {
      throw data(null, { status: 503 });
    });

    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Internal Server Error");
    expect(screen.getByText("Status 503.", { exact: false })).toBeTruthy();
  });

  it("treats a thrown exception as status 500", async () => {
    renderFailingRoute("/", () => {
      throw new Error("database down");
    });

    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Internal Server Error");
    expect(screen.getByText("500", { selector: "[aria-hidden]" })).toBeTruthy();
  });
});
