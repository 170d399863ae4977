import type { AstrologyToday, Language } from "@arcana/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig, testI18n } from "../../test/fixtures";
import { AstrologyBanner } from "./astrology-banner";

/** The sky the server computes for 22 Nov 2026 at 12:00 GMT, names in English as the API writes them. */
const sky: AstrologyToday = {
  date: "2026-11-22",
  sun_sign: "Sagittarius",
  moon_phase_name: "Waxing Gibbous",
  moon_illumination: 0.784,
  moon_phase_angle: 131.2,
};

function renderBanner(language: Language) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url === "/api/astrology/today"
        ? Response.json({ data: sky })
        : Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 }),
    ),
  );
  const data = { user: null, cspNonce: "n", config: testConfig(), ...testI18n(language) };
  const Stub = createRoutesStub([
    { id: "root", path: "*", Component: () => <AstrologyBanner today="2026-11-22" />, loader: () => data },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub hydrationData={{ loaderData: { root: data } }} />
    </QueryClientProvider>,
  );
}

describe("the astrology banner", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names the sun sign and the moon phase in Japanese, with the day and the lit part written for Japan", async () => {
    renderBanner("ja");
    expect((await screen.findByTestId("sun-sign")).textContent).toBe("射手座");
    expect(screen.getByTestId("moon-phase").textContent).toBe("十三夜月");
    expect(screen.getByText("輝面 78%")).toBeTruthy();
    expect(screen.getByText("2026年11月22日 GMT 12:00 の空")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "今日の空" })).toBeTruthy();
  });

  it("keeps the API's English names in English", async () => {
    renderBanner("en");
    expect((await screen.findByTestId("sun-sign")).textContent).toBe("Sagittarius");
    expect(screen.getByTestId("moon-phase").textContent).toBe("Waxing Gibbous");
    expect(screen.getByText("78% lit")).toBeTruthy();
    expect(screen.getByText("The sky over November 22, 2026, 12:00 GMT")).toBeTruthy();
  });
});
