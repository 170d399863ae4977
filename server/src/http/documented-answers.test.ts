import type { ApiRoute } from "@arcana/protocol";
import {
  getBoxMarketRoute,
  getCheckInStatusRoute,
  getConfigRoute,
  getMyProfileRoute,
  getPassMetadataRoute,
  getRelayRoute,
  getSponsorshipRoute,
  getTarotDrawRoute,
  gmtDayNumber,
  listMyBoxesRoute,
  listPointsHistoryRoute,
  listSessionsRoute,
  relayRoute,
} from "@arcana/protocol";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sponsoredRelays } from "../db/schema.js";
import { apiClient, type UncheckedInput } from "../test/api-client.js";
import { createTestApp } from "../test/app.js";
import { bindWalletDirectly, signUpMember } from "../test/members.js";
import { allowsNull } from "./nullable-references.js";

type Schema = Record<string, unknown>;
type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components: Schema;
};

const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  t = await createTestApp();
  doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
});
afterAll(() => t.dispose());

/** The schema the document gives for `route`'s answer with `status`, its `#/components/…` references resolvable. */
function documentedSchema(route: ApiRoute, status: number): Schema | undefined {
  const schema =
    doc.paths[route.path]?.[route.method]?.responses[String(status)]?.content?.["application/json"]?.schema;
  return schema && { ...schema, components: doc.components };
}

/** Calls `route` and checks its JSON answer against the schema documented for that status. */
async function answersAsDocumented(route: ApiRoute, input: UncheckedInput, status: number) {
  const res = await apiClient(t.app).unchecked(route, input);
  const body: unknown = await res.json();
  expect(res.status, `${route.method} ${route.path}: ${JSON.stringify(body)}`).toBe(status);
  const schema = documentedSchema(route, status);
  expect(schema, `${route.method} ${route.path} documents no ${status} answer`).toBeDefined();
  const validate = ajv.compile(schema as Schema);
  expect(
    validate(body) ? [] : validate.errors,
    `${route.method} ${route.path} ${status}: ${JSON.stringify(body)}`,
  ).toEqual([]);
  return body;
}

describe("the answers match the OpenAPI document (JSON Schema 2020-12)", () => {
  it("every answer of a member's representative calls, a queued relay with no transaction yet included", async () => {
    const member = await signUpMember(t, "documented@example.com");
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    const [queued] = await t.database.db
      .insert(sponsoredRelays)
      .values({
        chainId: 31337,
        userId: member.userId,
        action: "check_in",
        signer: wallet.toLowerCase(),
        target: "0xe7f1725e7734ce288f8367e1e0d2b3c7e1f1b9e8",
        gas: 120_000n,
        forwarderNonce: "0",
        deadline: Math.floor(Date.now() / 1000) + 300,
        data: "0x183ff085",
        signature: `0x${"11".repeat(65)}`,
        day: gmtDayNumber(new Date()),
        reservedWei: "1",
      })
      .returning({ id: sponsoredRelays.id });
    const auth = { auth: member.auth };

    const relay = await answersAsDocumented(getRelayRoute, { ...auth, params: { relay_id: queued?.id } }, 200);
    expect(relay).toMatchObject({ data: { state: "queued", tx_hash: null } });
    await answersAsDocumented(getRelayRoute, { ...auth, params: { relay_id: crypto.randomUUID() } }, 404);
    await answersAsDocumented(getRelayRoute, { ...auth, params: { relay_id: "not-a-relay" } }, 400);
    await answersAsDocumented(getRelayRoute, { params: { relay_id: queued?.id } }, 401);
    await answersAsDocumented(relayRoute, { ...auth, body: { chain_id: 31337 } }, 400);
    await answersAsDocumented(getSponsorshipRoute, auth, 200);
    await answersAsDocumented(getConfigRoute, {}, 200);
    await answersAsDocumented(getMyProfileRoute, auth, 200);
    await answersAsDocumented(getMyProfileRoute, {}, 401);
    await answersAsDocumented(listSessionsRoute, auth, 200);
    await answersAsDocumented(getBoxMarketRoute, auth, 200);
    await answersAsDocumented(listMyBoxesRoute, auth, 200);
    await answersAsDocumented(listPointsHistoryRoute, auth, 200);
    await answersAsDocumented(getCheckInStatusRoute, auth, 200);
    await answersAsDocumented(getTarotDrawRoute, auth, 200);
    await answersAsDocumented(getPassMetadataRoute, { params: { id: "abc" } }, 400);
  }, 30_000);

  it("no nullable schema is written as a reference that null can never satisfy (allOf of a $ref and a nullable type)", () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      // Arrays too: their entries are their indices.
      if (node && typeof node === "object") {
        const allOf = (node as { allOf?: unknown }).allOf;
        if (Array.isArray(allOf)) {
          const parts = allOf.filter((part): part is Schema => !!part && typeof part === "object");
          if (parts.some((part) => "$ref" in part) && parts.some(allowsNull)) found.push(at);
        }
        for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
      }
    };
    walk(doc, "#");
    expect(found).toEqual([]);
    // The relay's transaction, the case that showed it: a reference or null.
    const relay = documentedSchema(getRelayRoute, 200) as { properties: { data: { properties: { tx_hash: Schema } } } };
    expect(relay.properties.data.properties.tx_hash).toMatchObject({
      anyOf: [{ $ref: "#/components/schemas/TransactionHash" }, { type: "null" }],
    });
  });
});
