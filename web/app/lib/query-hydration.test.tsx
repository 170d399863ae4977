import { IsRestoringProvider, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "./query-hooks";

function Points() {
  const points = useQuery({ queryKey: ["points"], queryFn: async () => 5 });
  return points.data === undefined ? <p>Loading</p> : <ul data-testid="points">{points.data}</ul>;
}

function withClient(client: QueryClient, children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={true}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

describe("queries while a server-rendered part hydrates", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("answers as the server did, then the cache's data once hydrated (a part hydrating after the stored cache came back)", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(withClient(new QueryClient(), <Points />));
    expect(container.innerHTML).toBe("<p>Loading</p>");

    // The stored cache is back before this part hydrates (a lazy part's code came later).
    const restored = new QueryClient();
    restored.setQueryData(["points"], 5);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, withClient(restored, <Points />), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector("[data-testid=points]")?.textContent).toBe("5");
  });
});
