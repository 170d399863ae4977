import type { Compiled, Part } from "./compiled";

/**
 * ICU MessageFormat text to the compiled form `format.ts` writes out (decision 0025). The subset
 * Arcana's catalogs use: `{name}`, `{name, number}`, `{name, date|time[, short|medium|long|full]}`,
 * `{name, plural, [offset-free] =0 {…} one {…} other {…}}` with `#`, `{name, select, a {…} other {…}}`,
 * and apostrophe quoting (`''` is one apostrophe, `'{'` a literal brace). Throws on anything else.
 */
export function compileMessage(source: string): Compiled {
  const parser = new Parser(source);
  const parts = parser.parts(false, 0);
  if (parser.index < source.length) throw new Error(`Unexpected "}" at ${parser.index} in: ${source}`);
  return parts.length === 0 ? "" : parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts;
}

class Parser {
  index = 0;
  constructor(private readonly source: string) {}

  parts(inPlural: boolean, depth: number): Part[] {
    const parts: Part[] = [];
    let text = "";
    const s = this.source;
    while (this.index < s.length) {
      const char = s[this.index] as string;
      if (char === "}" && depth > 0) break;
      if (char === "'") {
        text += this.quoted();
      } else if (char === "{") {
        if (text) parts.push(text);
        text = "";
        this.index += 1;
        parts.push(this.argument(depth));
      } else if (char === "#" && inPlural) {
        if (text) parts.push(text);
        text = "";
        parts.push(["#"]);
        this.index += 1;
      } else {
        text += char;
        this.index += 1;
      }
    }
    if (text) parts.push(text);
    return parts;
  }

  /** An apostrophe: `''` is one, `'{…}'` quotes syntax characters, otherwise it is literal. */
  quoted(): string {
    const s = this.source;
    const next = s[this.index + 1];
    if (next === "'") {
      this.index += 2;
      return "'";
    }
    if (next === "{" || next === "}" || next === "#") {
      const end = s.indexOf("'", this.index + 1);
      const stop = end === -1 ? s.length : end;
      const text = s.slice(this.index + 1, stop);
      this.index = stop + 1;
      return text;
    }
    this.index += 1;
    return "'";
  }

  word(): string {
    this.space();
    const match = /^[^\s,{}]+/.exec(this.source.slice(this.index));
    if (!match) throw new Error(`Expected a name at ${this.index} in: ${this.source}`);
    this.index += match[0].length;
    this.space();
    return match[0];
  }

  space() {
    while (/\s/.test(this.source[this.index] ?? "")) this.index += 1;
  }

  expect(char: string) {
    this.space();
    if (this.source[this.index] !== char) throw new Error(`Expected "${char}" at ${this.index} in: ${this.source}`);
    this.index += 1;
  }

  argument(depth: number): Part {
    const name = this.word();
    if (this.source[this.index] === "}") {
      this.index += 1;
      return [name];
    }
    this.expect(",");
    const type = this.word();
    if (type === "number") {
      this.expect("}");
      return [name, "number"];
    }
    if (type === "date" || type === "time") {
      let style = "medium";
      if (this.source[this.index] === ",") {
        this.index += 1;
        style = this.word();
      }
      if (!["short", "medium", "long", "full"].includes(style)) throw new Error(`Unknown ${type} style ${style}`);
      this.expect("}");
      return [name, type, style];
    }
    if (type !== "plural" && type !== "select") throw new Error(`Unsupported argument type ${type} in: ${this.source}`);
    this.expect(",");
    const cases: Record<string, Part[]> = {};
    for (;;) {
      this.space();
      if (this.source[this.index] === "}") break;
      const key = this.word();
      this.expect("{");
      cases[key] = this.parts(type === "plural", depth + 1);
      this.expect("}");
    }
    this.index += 1;
    if (!cases.other) throw new Error(`A ${type} needs an "other" case: ${this.source}`);
    return [name, type, cases];
  }
}

/** The argument names a message uses (for checking that every translation keeps them). */
export function argumentNames(message: Compiled): string[] {
  const names = new Set<string>();
  const walk = (parts: Compiled) => {
    if (typeof parts === "string") return;
    for (const part of parts) {
      if (typeof part === "string") continue;
      if (part[0] !== "#") names.add(part[0]);
      if (part[1] === "plural" || part[1] === "select")
        for (const inner of Object.values(part[2] as Record<string, Part[]>)) walk(inner);
    }
  };
  walk(message);
  return [...names].sort();
}
