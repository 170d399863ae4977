import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database.js";
import { createMemberRow } from "../../test/members.js";
import { onMemberChange } from "./member-changes.js";
import { movePoints, setBoundWallet, setPasswordHash } from "./service.js";

describe("issue 25 item 6: member changes reach the session cache through one hook", () => {
  it("every write of a member row is announced before it starts and after it ends", async () => {
    const db = await createTestDatabase();
    try {
      const userId = await createMemberRow(db.db, "hooked@example.com");
      const heard: string[] = [];
      const stop = onMemberChange((id) => heard.push(id));
      await setPasswordHash(db.db, userId, "hash", new Date());
      await movePoints(db.db, userId, 5);
      await setBoundWallet(db.db, userId, "evm", "0x00000000000000000000000000000000000000a1", new Date());
      stop();
      await movePoints(db.db, userId, 1);
      expect(heard).toEqual(Array(6).fill(userId));
    } finally {
      await db.dispose();
    }
  });
});
