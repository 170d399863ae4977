import type { Language, User } from "@arcana/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n, testMember } from "../../test/fixtures";
import { ChangePasswordForm } from "./change-password-form";

const member = testMember();

function serveChangePassword(answer: () => Response, codesSent: unknown[] = []) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/change_password") {
        sent.push(JSON.parse(String(init?.body)));
        return answer();
      }
      if (url === "/api/send_code") {
        codesSent.push(JSON.parse(String(init?.body)));
        return Response.json({ data: { sent: true, resend_after: 60, expires_in: 600 } });
      }
      return Response.json({ data: member });
    }),
  );
  return sent;
}

/** The member the page is rendered for, as the route would pass it. */
let formUser: User;
function ChangePasswordPage() {
  return <ChangePasswordForm user={formUser} />;
}

function renderForm(user: User, language: Language = "en") {
  formUser = user;
  const Stub = createRoutesStub([
    { id: "root", path: "/change-password", Component: ChangePasswordPage, loader: () => testI18n(language) },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/change-password"]} hydrationData={{ loaderData: { root: testI18n(language) } }} />
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

describe("change password", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("finding 2: sets a first password with a code e-mailed to the member, and says other sessions were signed out", async () => {
    const codesSent: unknown[] = [];
    const sent = serveChangePassword(() => Response.json({ data: { changed: true } }), codesSent);
    renderForm(member);
    expect(screen.getByRole("heading", { name: "Set a password" })).toBeTruthy();
    expect(screen.queryByLabelText("Current password")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "E-mail me a code" }));
    expect((await screen.findByRole("status")).textContent).toContain(`code to ${member.email}`);
    expect(codesSent).toEqual([{ email: member.email, check_email: true }]);
    fill("Code from the e-mail", "123456");
    fill("Password", "moonlit tarot deck");
    fill("Repeat the password", "moonlit tarot deck");
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));

    expect((await screen.findByText(/password is set.*other device.*signed out/)).textContent).toBeTruthy();
    expect(sent).toEqual([{ code: "123456", new_password: "moonlit tarot deck" }]);
  });

  it("hints at the password rules before asking the server", () => {
    const sent = serveChangePassword(() => Response.json({ data: { changed: true } }));
    renderForm(member);

    fill("Code from the e-mail", "123456");
    fill("Password", "short");
    expect(screen.getByText("Use at least 10 characters.")).toBeTruthy();
    fill("Password", "Seer@Example.com");
    expect(screen.getByText("Your password cannot be your e-mail address.")).toBeTruthy();
    fill("Password", "moonlit tarot deck");
    fill("Repeat the password", "moonlit tarot desk");
    expect(screen.getByText("The two passwords do not match.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText("Repeat the password"));
  });

  it("changes a password with the current one, showing a wrong current password in place", async () => {
    const sent = serveChangePassword(() =>
      Response.json(
        { error: { code: "invalid_credentials", message: "Your current password is not right." } },
        { status: 401 },
      ),
    );
    renderForm({ ...member, has_password: true });
    expect(screen.getByRole("heading", { name: "Change your password" })).toBeTruthy();

    fill("Current password", "not my password");
    fill("New password", "moonlit tarot deck");
    fill("Repeat the new password", "moonlit tarot deck");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Your current password is not right.");
    expect(screen.getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([{ current_password: "not my password", new_password: "moonlit tarot deck" }]);
  });

  it("asks for the current password before sending a change", () => {
    const sent = serveChangePassword(() => Response.json({ data: { changed: true } }));
    renderForm({ ...member, has_password: true });
    fill("New password", "moonlit tarot deck");
    fill("Repeat the new password", "moonlit tarot deck");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));

    expect(screen.getByText("Enter your current password.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Current password"));
    expect(sent).toEqual([]);
  });

  it("finding 2: a member who forgot their password changes it with an e-mailed code instead", async () => {
    const sent = serveChangePassword(() => Response.json({ data: { changed: true } }));
    renderForm({ ...member, has_password: true });
    fireEvent.click(screen.getByRole("button", { name: "Forgot it? Use a code from your e-mail instead" }));
    expect(screen.queryByLabelText("Current password")).toBeNull();
    fill("Code from the e-mail", "654321");
    fill("New password", "moonlit tarot deck");
    fill("Repeat the new password", "moonlit tarot deck");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(/password is changed/)).toBeTruthy();
    expect(sent).toEqual([{ code: "654321", new_password: "moonlit tarot deck" }]);
  });

  it("speaks the page's language: the form and its password hints in Korean", () => {
    serveChangePassword(() => Response.json({ data: { changed: true } }));
    renderForm(member, "ko");
    expect(screen.getByRole("heading", { name: "비밀번호 설정" })).toBeTruthy();
    fill("비밀번호", "short");
    expect(screen.getByText("10자 이상 입력하세요.")).toBeTruthy();
  });
});
