import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pad, toFunctionSelector } from "viem";

/**
 * A JSON-RPC endpoint on this machine standing in for a local chain (31337) at block 0 with no pass:
 * an eth_call of `authorizer()` answers `authorizer`, every other eth_call 0 (no pass, nonce 0). While
 * `failing()` is true it answers 502, as a proxy in front of a dead node does.
 */
export async function stubChainRpc(
  authorizer: string,
  failing: () => boolean = () => false,
  /** The chain id it says it serves (a node swapped behind the URL answers another). */
  chainId: () => number = () => 31337,
): Promise<{ url: string; server: Server; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (failing()) {
        res.writeHead(502, { "content-type": "text/html" }).end("<h1>502 Bad Gateway</h1>");
        return;
      }
      type Call = { id: number; method: string; params?: Array<{ data?: string }> };
      const calls = JSON.parse(body) as Call | Call[];
      const answer = (call: Call) => ({
        jsonrpc: "2.0",
        id: call.id,
        result:
          call.method === "eth_chainId"
            ? `0x${chainId().toString(16)}`
            : call.params?.[0]?.data?.startsWith(toFunctionSelector("authorizer()"))
              ? pad(authorizer as `0x${string}`)
              : `0x${"0".repeat(64)}`,
      });
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
