import { describe, expect, it } from "vitest";
import { argumentNames, compileMessage } from "./compile";
import { formatMessage } from "./format";

const write = (source: string, args: Record<string, string | number | Date> = {}, locale = "en") =>
  formatMessage(compileMessage(source), args, locale);

describe("ICU messages compiled on the server, written out in the browser", () => {
  it("keeps plain text a string and fills arguments", () => {
    expect(compileMessage("Sign in")).toBe("Sign in");
    expect(write("Welcome back, {email}.", { email: "a@b.co" })).toBe("Welcome back, a@b.co.");
  });
  it("writes numbers and plurals with Intl for the language", () => {
    const days = "{count, plural, =0 {no days} one {# day} other {# days}}";
    expect(write(days, { count: 0 })).toBe("no days");
    expect(write(days, { count: 1 })).toBe("1 day");
    expect(write(days, { count: 1250 })).toBe("1,250 days");
    expect(write("{pts, number} pts", { pts: 1250 }, "tr")).toBe("1.250 pts");
    expect(write("{n, plural, one {# gün} other {# gün}}", { n: 2 }, "tr")).toBe("2 gün");
  });
  it("writes selects, nested arguments and dates", () => {
    const source = "{kind, select, evm {EVM wallet {name}} other {Wallet}}";
    expect(write(source, { kind: "evm", name: "x" })).toBe("EVM wallet x");
    expect(write(source, { kind: "solana" })).toBe("Wallet");
    const date = new Date(Date.UTC(2026, 10, 25, 12));
    expect(write("{d, date, long}", { d: date }, "en")).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(date),
    );
  });
  it("quotes with apostrophes as ICU does", () => {
    expect(write("Today''s cards")).toBe("Today's cards");
    expect(write("Today's cards")).toBe("Today's cards");
    expect(write("'{literal}' and {x}", { x: 1 })).toBe("{literal} and 1");
  });
  it("refuses what it does not understand, and names a message's arguments", () => {
    expect(() => compileMessage("{n, plural, one {x}}")).toThrow(/other/);
    expect(() => compileMessage("{n, spellout}")).toThrow(/Unsupported/);
    expect(() => compileMessage("{n")).toThrow();
    expect(argumentNames(compileMessage("{a} {n, plural, one {# {b}} other {#}}"))).toEqual(["a", "b", "n"]);
  });
});
