import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pad, toFunctionSelector, toHex } from "viem";

/**
 * A JSON-RPC endpoint on this machine standing in for a local chain (31337) at block 0 with no pass:
 * an eth_call of `authorizer()` answers `authorizer`, every other eth_call 0 (no pass, nonce 0), a
 * balance `balance` (0 unless given). While `failing()` is true it answers 502, as a proxy in front of a
 * dead node does. `methods` lists every method it was asked, in order (a batch's one by one).
 */
export async function stubChainRpc(
  authorizer: string,
  failing: () => boolean = () => false,
  /** `balance`: what eth_getBalance answers; `chainId`: the chain id it says it serves (a node swapped behind the URL). */
  options: { balance?: bigint; chainId?: () => number } = {},
): Promise<{ url: string; server: Server; methods: string[]; stop: () => Promise<void> }> {
  const methods: string[] = [];
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
      const answer = (call: Call) => {
        methods.push(call.method);
        return { jsonrpc: "2.0", id: call.id, result: result(call) };
      };
      const result = (call: Call) =>
        call.method === "eth_chainId"
          ? `0x${(options.chainId?.() ?? 31337).toString(16)}`
          : call.method === "eth_getBalance"
            ? toHex(options.balance ?? 0n)
            : call.params?.[0]?.data?.startsWith(toFunctionSelector("authorizer()"))
              ? pad(authorizer as `0x${string}`)
              : `0x${"0".repeat(64)}`;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    methods,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
