import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WithMessages } from "../test/with-messages";
import { CopyButton } from "./copy-button";

describe("CopyButton", () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset().mockResolvedValue(undefined);
    vi.spyOn(navigator.clipboard, "writeText").mockImplementation(writeText);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  async function click(button: HTMLElement) {
    await act(async () => {
      fireEvent.click(button);
    });
  }

  it("copies the text and says Copied for 1.5 s, then Copy again", async () => {
    render(
      <WithMessages>
        <CopyButton text="ARC-7F3K" label="Copy invite code" />
      </WithMessages>,
    );
    await click(screen.getByRole("button", { name: "Copy invite code" }));

    expect(writeText).toHaveBeenCalledWith("ARC-7F3K");
    expect(screen.getByRole("button").textContent).toBe("Copied");
    expect(screen.getByText("Copied to clipboard")).toBeTruthy();

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole("button").textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Copy invite code" }).textContent).toBe("Copy");
    expect(screen.queryByText("Copied to clipboard")).toBeNull();
  });

  it("announces the result in a polite live region", async () => {
    render(
      <WithMessages>
        <CopyButton text="x" />
      </WithMessages>,
    );
    const liveRegion = document.querySelector("[aria-live='polite']");
    expect(liveRegion?.textContent).toBe("");

    await click(screen.getByRole("button", { name: "Copy" }));
    expect(liveRegion?.textContent).toBe("Copied to clipboard");
  });

  it("says so when the browser refuses the clipboard", async () => {
    writeText.mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    render(
      <WithMessages>
        <CopyButton text="x" />
      </WithMessages>,
    );
    await click(screen.getByRole("button", { name: "Copy" }));

    expect(screen.getByRole("button").textContent).toBe("Copy failed");
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole("button").textContent).toBe("Copy");
  });
});
