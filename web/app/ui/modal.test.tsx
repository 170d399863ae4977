import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { WithMessages } from "../test/with-messages";
import { Modal } from "./modal";

function Demo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open ritual
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="The ritual"
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <input aria-label="Intention" />
      </Modal>
    </>
  );
}

function openDemo() {
  render(<Demo />, { wrapper: WithMessages });
  const opener = screen.getByRole("button", { name: "Open ritual" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "The ritual" }) };
}

describe("Modal", () => {
  afterEach(cleanup);

  it("is a labelled modal dialog that takes focus", () => {
    const { dialog } = openDemo();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
  });

  it("closes on Escape and gives focus back to the button that opened it", () => {
    const { opener, dialog } = openDemo();
    fireEvent.keyDown(dialog, { key: "Escape" });

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on the close button", () => {
    openDemo();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on a click on the backdrop but not on a click inside", () => {
    const { dialog } = openDemo();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole("dialog")).not.toBeNull();

    const backdrop = dialog.parentElement as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not close when a drag starts inside and ends on the backdrop", () => {
    const { dialog } = openDemo();
    fireEvent.mouseDown(screen.getByRole("textbox", { name: "Intention" }));
    fireEvent.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole("dialog")).not.toBeNull();
  });

  it("keeps Tab and Shift+Tab inside the dialog", () => {
    const { dialog } = openDemo();
    const close = screen.getByRole("button", { name: "Close" });
    const done = screen.getByRole("button", { name: "Done" });

    done.focus();
    fireEvent.keyDown(done, { key: "Tab" });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(done);

    dialog.focus();
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(done);
  });

  it("moves Tab from a focused result that Tab does not stop at to the dialog's next control, not out of it", () => {
    openDemo();
    const close = screen.getByRole("button", { name: "Close" });
    const intention = screen.getByRole("textbox", { name: "Intention" });
    const done = screen.getByRole("button", { name: "Done" });
    // A result that took focus when its button went away (as the check-in's panel does), after the last control.
    const result = document.createElement("p");
    result.tabIndex = -1;
    done.parentElement?.after(result);
    result.focus();
    fireEvent.keyDown(result, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    result.focus();
    fireEvent.keyDown(result, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(done);
    // One between the controls: Tab goes on to the next one, Shift+Tab back to the one before.
    intention.after(result);
    result.focus();
    fireEvent.keyDown(result, { key: "Tab" });
    expect(document.activeElement).toBe(done);
    result.focus();
    fireEvent.keyDown(result, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(intention);
  });

  it("still closes on Escape, and takes Tab back, when the focused control inside went away", () => {
    openDemo();
    // The focused button disappears (or is disabled): focus falls back to the page.
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes only the innermost of two open dialogs on Escape; the page scrolls again once both are closed", () => {
    function Nested() {
      const [inner, setInner] = useState(true);
      const [outer, setOuter] = useState(true);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <p>Pick one</p>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />, { wrapper: WithMessages });
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Inner" }), { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Inner" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Outer" })).toBeTruthy();
    expect(document.body.style.overflow).toBe("hidden");
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });

  it("stops the page behind from scrolling while open", () => {
    openDemo();
    expect(document.body.style.overflow).toBe("hidden");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.body.style.overflow).toBe("");
  });
});
