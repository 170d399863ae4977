import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { InviteCodeField } from "./invite-code-field";
import { InvitedNotice } from "./invited-notice";
import { rememberReferralCode } from "./pending-referral";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function SignInPart() {
  return (
    <>
      <InvitedNotice messageId="auth.invitedBy" />
      <InviteCodeField />
    </>
  );
}

describe("You were invited by …", () => {
  it("tells a visitor on the landing page of an invite link who invited them, with the link's code", async () => {
    renderAsRoot(
      () => <InvitedNotice messageId="home.invitedBy" />,
      () => testRootData(null),
      "/?ref=friend42",
    );
    expect((await screen.findByTestId("invited-notice")).textContent).toBe(
      "You were invited by a friend, with invite code FRIEND42. Sign in to accept: the code is filled in for you.",
    );
  });

  it("says so on sign-in in the reader's language, with the remembered code filled in", async () => {
    rememberReferralCode("friend42");
    renderAsRoot(SignInPart, () => testRootData(null, { language: "ja" }), "/auth");
    expect((await screen.findByTestId("invited-notice")).textContent).toBe(
      "友だちから招待されました。友だちの招待コード FRIEND42 は下に入力済みです。",
    );
    await waitFor(() =>
      expect((screen.getByLabelText("招待コード（任意）") as HTMLInputElement).value).toBe("FRIEND42"),
    );
  });

  it("fills in the code of a link straight to /auth?ref=CODE", async () => {
    renderAsRoot(SignInPart, () => testRootData(null), "/auth?ref=friend42");
    await screen.findByTestId("invited-notice");
    await waitFor(() =>
      expect((screen.getByLabelText("Invite code (optional)") as HTMLInputElement).value).toBe("FRIEND42"),
    );
  });

  it("shows nothing to a visitor without an invite", async () => {
    renderAsRoot(SignInPart, () => testRootData(null), "/auth");
    await screen.findByLabelText("Invite code (optional)");
    expect(screen.queryByTestId("invited-notice")).toBeNull();
  });
});
