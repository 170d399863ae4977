import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testChain } from "../test/fixtures";
import { renderAsRoot } from "../test/render-root";
import { targetNetworkKey, useTargetNetwork } from "./target-network";

const chain = (id: number, name: string) => testChain({ id, key: id === 204 ? "opBNB" : "local", name });

function Picker() {
  const [target, choose] = useTargetNetwork();
  return (
    <button type="button" onClick={() => choose(204)}>
      Picker on {target?.name}
    </button>
  );
}

function Reader() {
  const [target] = useTargetNetwork();
  return <p>Page on {target?.name}</p>;
}

function Both() {
  return (
    <>
      <Picker />
      <Reader />
    </>
  );
}

describe("the target network", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("is one choice for the whole page, kept in this browser", async () => {
    renderAsRoot(Both, () => ({
      config: { default_chain_id: 31337, chains: [chain(31337, "Local chain"), chain(204, "opBNB")] },
    }));
    expect(await screen.findByText("Page on Local chain")).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole("button", { name: "Picker on Local chain" })));
    // Waited for, not read at once: in CI, with another test file on the other core, the page still showed the default
    // right after the click.
    expect(await screen.findByText("Page on opBNB")).toBeTruthy();
    expect(localStorage.getItem(targetNetworkKey)).toBe("204");
  });
});
