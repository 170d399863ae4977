/** What other modules call of the users module (a re-export of what they used from its service). */

export { onMemberChange } from "./member-changes.js";
export { membersForExport, memberTotals, newMembersPerDay, searchMembers } from "./reports.js";
export {
  currentEvmBindings,
  lockMember,
  lockMemberForAdmin,
  lockMembers,
  MAX_BALANCE,
  type MemberRow,
  memberByEmail,
  memberById,
  memberByWallet,
  memberEmails,
  memberIdByWallet,
  memberIdByWalletAt,
  memberIdentity,
  memberIdsByWalletAt,
  membersByIds,
  movePoints,
  movePointsBatch,
  pointsOf,
  prepareRowWithMember,
  setBoundWallet,
  setMemberLanguage,
  setPasswordHash,
  signUpOrTouch,
  toUser,
  type WalletKind,
  walletEverBoundToAnother,
} from "./service.js";
