import type { ArcanaLoadContext, User } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { catalogFile } from "./i18n/messages.server";
import { loader } from "./root";
import { testConfig, testMember } from "./test/fixtures";

function load(user: User | null) {
  const context: ArcanaLoadContext = {
    requestId: "r1",
    cspNonce: "n",
    config: testConfig(),
    language: "ko",
    getSessionUser: async () => user,
    getOperatorConsole: async () => null,
  };
  return loader({ context, request: new Request("http://localhost/"), params: {} } as Parameters<typeof loader>[0]);
}

/** The catalog a page's data names, as the browser fetches it. */
function messagesAt(href: string) {
  expect(href).toMatch(/^\/i18n\/ko\/[a-z+]+\.[\w-]{12}\.json$/);
  return JSON.parse(catalogFile(href)?.text ?? "null");
}

describe("the root loader's messages", () => {
  it("gives a visitor's page the chrome and the dialogs' sign-in lines, not the members' dialogs", async () => {
    const messages = messagesAt((await load(null)).messages);
    expect(messages).toHaveProperty(["shell.signIn"]);
    expect(messages).toHaveProperty(["modal.checkIn.signIn"]);
    expect(Object.keys(messages).filter((id) => id.startsWith("member."))).toEqual([]);
  });

  it("gives a signed-in member's page the check-in, invites and wallet dialogs too, in the page's language", async () => {
    const messages = messagesAt((await load(testMember())).messages);
    expect(messages["member.checkIn.streak"]).toBe("현재 연속 출석");
    expect(messages).toHaveProperty(["member.invites.yourCode"]);
    expect(messages).toHaveProperty(["member.wallet.evm"]);
  });
});
