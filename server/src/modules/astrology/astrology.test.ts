import { getSkyTodayRoute } from "@arcana/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiClient, dataOf } from "../../test/api-client.js";
import { createTestApp, testClock } from "../../test/app.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: testClock(new Date("2026-01-03T20:30:00.000Z")).now });
});
afterAll(() => t.dispose());

it("GET /astrology/today shows today's sun sign and moon to visitors, without signing in", async () => {
  const res = await apiClient(t.app).call(getSkyTodayRoute);
  expect(res.status).toBe(200);
  expect(await dataOf(getSkyTodayRoute, res)).toMatchObject({
    date: "2026-01-03",
    sun_sign: "Capricorn",
    moon_phase_name: "Full Moon",
  });
});
