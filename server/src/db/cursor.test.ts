import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor.js";

describe("the page cursor", () => {
  it("round-trips a cursor and rejects tampered ones", () => {
    const row = { createdAt: new Date("2026-11-22T12:00:00.123Z"), id: 42 };
    expect(decodeCursor(encodeCursor({ at: row.createdAt, id: row.id }), "number")).toEqual({
      at: row.createdAt,
      id: 42,
    });
    expect(decodeCursor(Buffer.from("2026-13-45|1").toString("base64url"), "number")).toBeNull();
    expect(decodeCursor(Buffer.from("2026-11-22T12:00:00.123Z|x").toString("base64url"), "number")).toBeNull();
  });

  it("carries a UUID for lists keyed by one, and refuses a row number there", () => {
    const at = new Date("2026-11-22T12:00:00.123Z");
    const id = "0b8f3c52-6a8e-4c1e-9d0c-3f1d2a4b5c6d";
    expect(decodeCursor(encodeCursor({ at, id }), "uuid")).toEqual({ at, id });
    expect(decodeCursor(encodeCursor({ at, id: 42 }), "uuid")).toBeNull();
    expect(decodeCursor(encodeCursor({ at: new Date("1970-01-01T00:00:00.000Z"), id }), "uuid")).toBeNull();
  });
});
