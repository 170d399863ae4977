import type { PublicChain } from "@arcana/protocol";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { targetNetworkKey, useTargetNetwork } from "./target-network";

const chain = (id: number, name: string): PublicChain => ({
  id,
  key: id === 204 ? "opBNB" : "local",
  name,
  rpc_url: "http://127.0.0.1:8545",
  explorer_url: null,
  native_currency: { name: "Ether", symbol: "ETH", decimals: 18 },
  gas_note: null,
  contracts: { genesis_pass: null, daily: null },
});

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

function NothingYet() {
  return null;
}

describe("the target network", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("is one choice for the whole page, kept in this browser", async () => {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "*",
        Component: Both,
        HydrateFallback: NothingYet,
        loader: () => ({
          config: { default_chain_id: 31337, chains: [chain(31337, "Local chain"), chain(204, "opBNB")] },
        }),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByText("Page on Local chain")).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole("button", { name: "Picker on Local chain" })));
    expect(screen.getByText("Page on opBNB")).toBeTruthy();
    expect(localStorage.getItem(targetNetworkKey)).toBe("204");
  });
});
