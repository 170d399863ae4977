/**
 * The compiled form of an ICU MessageFormat message, as the server sends it to the browser
 * (decision 0025): plain text stays a string; anything else is a list of parts, each a literal or
 * `[argument]`, `[argument, "number"]`, `[argument, "date" | "time", style]`, or
 * `[argument, "plural" | "select", cases]` (`"#"` is a plural's own number).
 */
export type Part =
  | string
  | [string]
  | [string, "number"]
  | [string, "date" | "time", string]
  | [string, "plural" | "select", Record<string, Part[]>];
export type Compiled = string | Part[];
/** A namespace's messages, compiled, by id. */
export type Messages = Record<string, Compiled>;
export type MessageArgs = Record<string, string | number | Date>;
