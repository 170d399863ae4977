/** What other modules call of the wallets module (a re-export of what they used from its admin). */
export { unbindWallet } from "./admin.js";
