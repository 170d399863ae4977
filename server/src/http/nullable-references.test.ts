import { describe, expect, it } from "vitest";
import { withNullableReferences } from "./nullable-references.js";

describe("nullable references in the OpenAPI document", () => {
  it("become a reference or null, annotations kept beside, other constraints kept with the reference", () => {
    const ref = { $ref: "#/components/schemas/TransactionHash" };
    expect(
      withNullableReferences({
        properties: {
          plain: { allOf: [ref, { type: ["string", "null"] }] },
          described: { allOf: [ref, { type: ["string", "null"], description: "Its hash" }] },
          constrained: { allOf: [ref, { type: ["string", "null"], maxLength: 66 }] },
          notNullable: { allOf: [ref, { description: "kept" }] },
        },
      }),
    ).toEqual({
      properties: {
        plain: { anyOf: [ref, { type: "null" }] },
        described: { description: "Its hash", anyOf: [ref, { type: "null" }] },
        constrained: { anyOf: [{ allOf: [ref, { maxLength: 66 }] }, { type: "null" }] },
        notNullable: { allOf: [ref, { description: "kept" }] },
      },
    });
  });
});
