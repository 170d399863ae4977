/**
 * The one hook through which the rest of the server learns that this process is changing a member's
 * row (issue 25, item 6): the auth module's session cache subscribes and keeps the member's session
 * out of memory until the change is visible everywhere. Every write of the members table goes
 * through `changingMembers`, which announces the change before the write and again once it is done.
 */
type MemberChangeListener = (userId: string) => void;

const listeners = new Set<MemberChangeListener>();

/** Calls `listener` with the id of each member this process starts or finishes changing; returns the unsubscribe. */
export function onMemberChange(listener: MemberChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(userIds: Iterable<string>) {
  for (const userId of userIds) for (const listener of listeners) listener(userId);
}

/** Runs a write of these members' rows, announced before it starts and after it ends (whether or not it succeeded). */
export async function changingMembers<T>(userIds: Iterable<string>, write: () => Promise<T>): Promise<T> {
  const ids = [...userIds];
  announce(ids);
  try {
    return await write();
  } finally {
    announce(ids);
  }
}
