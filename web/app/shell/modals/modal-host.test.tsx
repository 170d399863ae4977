import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderAsRoot, testRootData } from "../../test/render-root";
import { ModalHost } from "./modal-host";
import { closedModals, modalNames, useModalStore } from "./modal-store";

describe("modal store", () => {
  beforeEach(() => useModalStore.setState(closedModals));

  it("holds one flag per app-wide modal, all closed at first", () => {
    expect(modalNames).toEqual(["pointsHistory", "mintedResult", "bindWallet", "checkIn", "invites", "invitesSuccess"]);
    for (const name of modalNames) expect(useModalStore.getState()[name]).toBe(false);
  });

  it("opens and closes a modal by name without touching the others", () => {
    useModalStore.getState().openModal("checkIn");
    expect(useModalStore.getState().checkIn).toBe(true);
    expect(useModalStore.getState().invites).toBe(false);

    useModalStore.getState().closeModal("checkIn");
    expect(useModalStore.getState().checkIn).toBe(false);
  });
});

/** The host as the root mounts it: under the router (the panels read the root's data) and the query client. */
async function renderHost() {
  renderAsRoot(ModalHost, () => testRootData(null));
  // The root loader has answered once the hydrate fallback is gone.
  await act(async () => {});
}

describe("ModalHost", () => {
  // The dialogs' chunk takes seconds to transform on a busy machine, past findByRole's one second: load it
  // once up front, so the test is about what the host shows, not about how fast the chunk arrives.
  beforeAll(() => import("./app-modals"), 30_000);
  beforeEach(() => useModalStore.setState(closedModals));
  afterEach(cleanup);

  it("renders nothing while every modal is closed", async () => {
    await renderHost();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the dialog whose flag is set, and clears the flag when it closes", async () => {
    await renderHost();
    act(() => useModalStore.getState().openModal("pointsHistory"));

    const dialog = await screen.findByRole("dialog", { name: "Rewards history" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    // The lazily loaded body, as a visitor sees it.
    expect(await screen.findByRole("link", { name: "Sign in" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(useModalStore.getState().pointsHistory).toBe(false);
  });
});
