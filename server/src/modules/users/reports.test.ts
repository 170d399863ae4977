import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database.js";
import { reportRefusedEmails } from "./reports.js";
import { users } from "./schema.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());

describe("finding 1: addresses an older rule let in are listed for operators, not changed", () => {
  it("lists each stored address the rule refuses, and leaves the rows as they are", async () => {
    const stored = ["fine@v.test", "x<t@v.test>", "t@v.test(a)", "grp:t@v.test;", "a@b.test,other", "t\u202E@v.test"];
    await db.db.insert(users).values(stored.map((email) => ({ email })));
    const lines: string[] = [];
    expect(await reportRefusedEmails(db.db, (line) => lines.push(line))).toBe(5);
    expect(lines[0]).toMatch(/^5 members' e-mail addresses are refused by the e-mail rule/);
    for (const email of stored.slice(1)) expect(lines.some((line) => line.endsWith(JSON.stringify(email)))).toBe(true);
    expect(lines.some((line) => line.includes("fine@v.test"))).toBe(false);
    const after = await db.db.select({ email: users.email }).from(users);
    expect(after.map((row) => row.email).sort()).toEqual([...stored].sort());
  });

  it("lists an IDN address stored as typed, and the account that holds its punycode form", async () => {
    const [unicode] = await db.db.insert(users).values({ email: "alt@bücher.test" }).returning({ id: users.id });
    const [ascii] = await db.db.insert(users).values({ email: "alt@xn--bcher-kva.test" }).returning({ id: users.id });
    const lines: string[] = [];
    await reportRefusedEmails(db.db, (line) => lines.push(line));
    const listed = lines.find((line) => line.includes(JSON.stringify("alt@bücher.test")));
    expect(listed).toBe(`  ${unicode?.id}  "alt@bücher.test"  same inbox as ${ascii?.id} "alt@xn--bcher-kva.test"`);
    expect(lines.some((line) => line.startsWith(`  ${ascii?.id}`))).toBe(false);
  });
});
