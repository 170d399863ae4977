import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testI18n, testMember } from "../../test/fixtures";
import { codeDigits } from "./code-field";
import { SignInFlow } from "./sign-in-flow";

const member = testMember();

type Handler = (body: Record<string, unknown>) => Response;

/** A stand-in for the accounts API: each test says how it answers, and sees what was sent. */
function serveApi(routes: Record<string, Handler>) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, "");
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      sent.push({ path, body });
      const handler = routes[path];
      return handler
        ? handler(body)
        : Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
    }),
  );
  return sent;
}

const codeSent: Handler = () => Response.json({ data: { sent: true, resend_after: 60, expires_in: 600 } });
const signedIn: Handler = () => Response.json({ data: { token: "t", user: member } });

function Landing() {
  const location = useLocation();
  return <p>Landed on {location.pathname}</p>;
}

/** Where the page sends the member once signed in, as the route would pass it. */
let afterSignIn = "/";
function SignInPage() {
  return <SignInFlow redirectTo={afterSignIn} />;
}

function renderSignIn(redirectTo = "/") {
  afterSignIn = redirectTo;
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: Outlet,
      loader: () => testI18n(),
      children: [
        { path: "/auth", Component: SignInPage },
        { path: "*", Component: Landing },
      ],
    },
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={["/auth"]} hydrationData={{ loaderData: { root: testI18n() } }} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** Asks for a code and waits for the code step to be ready, focus in its field. */
async function requestCode(email = "Seer@Example.com ") {
  fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Send code" }));
  const codeField = await screen.findByLabelText("Sign-in code");
  await waitFor(() => expect(document.activeElement).toBe(codeField));
  return codeField;
}

describe("sign-in by e-mail code", () => {
  beforeEach(() => {
    // Real time keeps flowing for the DOM queries; the test moves the clock for the countdown.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("reads the code's digits from whatever was pasted", () => {
    expect(codeDigits("123456")).toBe("123456");
    expect(codeDigits("123 456")).toBe("123456");
    expect(codeDigits("Your code is 123-456")).toBe("123456");
    expect(codeDigits("12345678")).toBe("123456");
    expect(codeDigits("abc")).toBe("");
  });

  it("asks for a valid address in place, without calling the server", async () => {
    const sent = serveApi({ "/send_code": codeSent });
    renderSignIn();
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));

    expect(screen.getByRole("alert").textContent).toMatch(/valid e-mail address/);
    expect(screen.getByLabelText("E-mail address").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("sends the code to the normalised address, then signs in by itself once six pasted digits are in", async () => {
    const queryClient = renderSignIn("/change-password");
    const sent = serveApi({ "/send_code": codeSent, "/sign_in": signedIn });
    const codeField = await requestCode();

    expect(sent[0]).toEqual({ path: "/send_code", body: { email: "seer@example.com", check_email: true } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Check your e-mail");
    expect(screen.getByText("seer@example.com")).toBeTruthy();
    expect(codeField.getAttribute("inputmode")).toBe("numeric");
    expect(codeField.getAttribute("autocomplete")).toBe("one-time-code");

    fireEvent.change(codeField, { target: { value: "Your code: 123 456" } });
    expect(await screen.findByText("Landed on /change-password")).toBeTruthy();
    expect(sent[1]).toEqual({ path: "/sign_in", body: { type: "code", email: "seer@example.com", code: "123456" } });
    expect(queryClient.getQueryData(["users", "mine", "u1"])).toEqual(member);
  });

  it("shows a wrong code's error in place and lets the member try again", async () => {
    const answers = [
      Response.json(
        { error: { code: "invalid_code", message: "That code is not right. 4 tries left." } },
        { status: 400 },
      ),
      Response.json({ data: { token: "t", user: member } }),
    ];
    serveApi({ "/send_code": codeSent, "/sign_in": () => answers.shift() as Response });
    renderSignIn();
    const codeField = await requestCode();

    fireEvent.change(codeField, { target: { value: "000000" } });
    expect((await screen.findByRole("alert")).textContent).toBe("That code is not right. 4 tries left.");
    expect(codeField.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(/Landed on/)).toBeNull();

    fireEvent.change(codeField, { target: { value: "123456" } });
    expect(await screen.findByText("Landed on /")).toBeTruthy();
  });

  it("counts down 60 s before offering to resend, then sends a fresh code", async () => {
    const sent = serveApi({ "/send_code": codeSent });
    renderSignIn();
    await requestCode();

    const resend = screen.getByRole("button", { name: /Resend code in 1:00/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(15_000));
    expect(resend.textContent).toContain("0:45");

    act(() => vi.advanceTimersByTime(45_000));
    expect(resend.textContent).toBe("Resend code");
    expect(resend.disabled).toBe(false);

    fireEvent.click(resend);
    expect((await screen.findByRole("status")).textContent).toMatch(/We sent a new code to seer@example.com/);
    expect(sent.filter((call) => call.path === "/send_code")).toHaveLength(2);
    expect(screen.getByRole("button", { name: /Resend code in 1:00/ })).toBeTruthy();
  });

  it("waits as long as the server says when asked too soon, and lets the member use the code they have", async () => {
    serveApi({
      "/send_code": () =>
        Response.json(
          { error: { code: "too_many_requests", message: "A code was just sent to this address.", retry_after: 42 } },
          { status: 429 },
        ),
    });
    renderSignIn();
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "seer@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));

    expect((await screen.findByRole("alert")).textContent).toMatch(/A code was just sent/);
    fireEvent.click(screen.getByRole("button", { name: "Enter the code you already have" }));
    expect(await screen.findByLabelText("Sign-in code")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Resend code in 0:42/ })).toBeTruthy();
  });

  it("offers a password sign-in and the way back to a code", async () => {
    const sent = serveApi({ "/sign_in": signedIn });
    renderSignIn();
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "seer@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in with a password" }));

    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sign in with a password");
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe("seer@example.com");
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(document.activeElement).toBe(password));
    fireEvent.change(password, { target: { value: "a long enough secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByText("Landed on /")).toBeTruthy();
    expect(sent[0]).toEqual({
      path: "/sign_in",
      body: { type: "password", email: "seer@example.com", password: "a long enough secret" },
    });
  });

  it("shows a refused password in place", async () => {
    serveApi({
      "/sign_in": () =>
        Response.json(
          { error: { code: "invalid_credentials", message: "The e-mail or password is not right." } },
          { status: 401 },
        ),
    });
    renderSignIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign in with a password" }));
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "seer@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect((await screen.findByRole("alert")).textContent).toBe("The e-mail or password is not right.");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Sign in with a code instead" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sign in");
  });
});
