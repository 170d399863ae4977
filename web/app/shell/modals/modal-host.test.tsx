import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

describe("ModalHost", () => {
  beforeEach(() => useModalStore.setState(closedModals));
  afterEach(cleanup);

  it("renders nothing while every modal is closed", () => {
    render(<ModalHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the dialog whose flag is set, and clears the flag when it closes", async () => {
    render(<ModalHost />);
    act(() => useModalStore.getState().openModal("pointsHistory"));

    const dialog = await screen.findByRole("dialog", { name: "Rewards history" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(useModalStore.getState().pointsHistory).toBe(false);
  });
});
