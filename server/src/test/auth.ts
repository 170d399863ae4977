import { apiClient } from "./api-client.js";
import { freshIps, testAppPerFile, testClock } from "./app.js";

/**
 * An auth test file's app (created before its tests, disposed after) on a clock the tests move, with
 * the typed client. It trusts the proxy's client address, so each call can speak from an address of
 * its own on `network` (`freshIp`) and per-IP limits don't leak between tests.
 */
export function authTestApp(network: string) {
  const clock = testClock();
  const t = testAppPerFile({ now: clock.now, env: { TRUST_PROXY: "1" } });
  // The client reaches the app when called: the app is created in the file's beforeAll.
  const api = apiClient({ request: (path, init) => t.app.request(path, init) });
  return { clock, t, api, freshIp: freshIps(network) };
}
