import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderCallTable } from "./api-route.js";
import * as routes from "./routes/index.js";

const callsFile = fileURLToPath(new URL("./calls.ts", import.meta.url));

describe("the web's call table (calls.ts)", () => {
  it("names every route with its method, path and operation id", () => {
    const expected = renderCallTable(routes);
    // UPDATE_CALLS=1 rewrites it after a route changed.
    if (process.env.UPDATE_CALLS) writeFileSync(callsFile, expected);
    expect(
      readFileSync(callsFile, "utf8"),
      "calls.ts is out of date: run UPDATE_CALLS=1 npx vitest run protocol/src/calls.test.ts",
    ).toBe(expected);
  });
});
