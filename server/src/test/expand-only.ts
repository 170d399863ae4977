/**
 * Expand/contract (docs/operating.md, Upgrading and rolling back): a release's migrations must leave the previous
 * release's server working on the same database, because during a rolling upgrade the first upgraded server migrates
 * while the others still run the previous release, and a rollback runs the previous release on the expanded schema.
 * This reads a migration's SQL and names each statement that would break the previous release.
 */

/** The SQL without comments, string literals and dollar-quoted bodies (a function's body is not the migration's DDL). */
function blanked(sql: string): string {
  return sql
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "$$body$$")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ");
}

const justified = "@@previous-release@@";

/**
 * The statements of a migration file, whitespace collapsed; `justified` when a `-- previous release: <why>` comment
 * stands right above it (the reason a statement refused by default is safe for the previous release).
 */
export function statementsOf(sql: string): { text: string; justified: boolean }[] {
  const marked = sql
    .replace(/--> statement-breakpoint/g, " ")
    .replace(/--\s*previous release:\s*\S[^\n]*/gi, ` ${justified} `);
  return blanked(marked)
    .split(";")
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((text) => text.length > 0)
    .map((text) => ({
      text: text.replaceAll(justified, "").replace(/\s+/g, " ").trim(),
      justified: text.startsWith(justified),
    }))
    .filter(({ text }) => text.length > 0);
}

const identifier = String.raw`(?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?`;
const name = (text: string) => text.replace(/"/g, "").toLowerCase();

/** Refused in a migration after the previous release, whatever it says (each breaks that release's queries). */
const refused: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^DROP (TABLE|VIEW|MATERIALIZED VIEW|SCHEMA|TYPE|SEQUENCE|DOMAIN)\b/i,
    why: "drops what the previous release reads",
  },
  { pattern: /^TRUNCATE\b/i, why: "empties a table the previous release uses" },
  {
    pattern: /^ALTER TABLE .*\bDROP (?!CONSTRAINT\b|DEFAULT\b|NOT NULL\b)/i,
    why: "drops a column (or its identity) the previous release reads or writes",
  },
  {
    pattern: /^ALTER (TABLE|VIEW|TYPE|SEQUENCE|INDEX|SCHEMA|FUNCTION)\b.* RENAME\b/i,
    why: "renames what the previous release names",
  },
  {
    pattern: /^ALTER TABLE .*\bALTER (COLUMN )?\S+ (SET DATA )?TYPE\b/i,
    why: "changes a column's type under the previous release",
  },
  {
    pattern: /^ALTER TABLE .*\bALTER (COLUMN )?\S+ SET NOT NULL\b/i,
    why: "makes a column required that the previous release may leave empty",
  },
  {
    pattern: /^ALTER TABLE .*\bALTER (COLUMN )?\S+ DROP DEFAULT\b/i,
    why: "removes a default the previous release's inserts rely on",
  },
  { pattern: /^ALTER TABLE .*\bSET SCHEMA\b/i, why: "moves a table away from the previous release" },
  { pattern: /^ALTER TYPE .*\b(DROP|RENAME) VALUE\b/i, why: "removes an enum value the previous release writes" },
];

/** Refused unless a `-- previous release: <why it does not need it>` comment stands right above the statement. */
const needsReason: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^DROP INDEX\b/i,
    why: "drops an index (a unique one may be the target of the previous release's ON CONFLICT)",
  },
  {
    pattern: /^ALTER TABLE .*\bDROP CONSTRAINT\b/i,
    why: "drops a constraint (the previous release's ON CONFLICT may name it)",
  },
];

/** A column added NOT NULL without a default: the previous release's inserts, which do not name it, fail. */
function addsRequiredColumn(text: string): boolean {
  return [...text.matchAll(/\bADD (?:COLUMN )?(?:IF NOT EXISTS )?(.*?)(?=, ADD |$)/gi)].some((match) => {
    const definition = match[1] ?? "";
    if (/^(CONSTRAINT|PRIMARY KEY|UNIQUE|CHECK|FOREIGN KEY)\b/i.test(definition)) return false;
    return (
      /\bNOT NULL\b/i.test(definition) &&
      !/\b(DEFAULT|GENERATED)\b/i.test(definition) &&
      !/\b(serial|bigserial|smallserial)\b/i.test(definition)
    );
  });
}

/** What in `sql` would break the previous release: one line per refused statement (empty when expand-only). */
export function contractingStatements(sql: string): string[] {
  const statements = statementsOf(sql);
  const created = (kind: string) =>
    new Set(
      statements.flatMap(({ text }) => {
        const match = new RegExp(
          `^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?${kind} (?:IF NOT EXISTS )?(${identifier})`,
          "i",
        ).exec(text);
        return match?.[1] ? [name(match[1])] : [];
      }),
    );
  const recreated = { FUNCTION: created("FUNCTION"), TRIGGER: created("TRIGGER") };
  const problems: string[] = [];
  for (const { text, justified } of statements) {
    const replaced = /^DROP (FUNCTION|TRIGGER) (?:IF EXISTS )?(\S+)/i.exec(text);
    if (replaced) {
      const kind = (replaced[1] ?? "").toUpperCase() as "FUNCTION" | "TRIGGER";
      const dropped = name((replaced[2] ?? "").replace(/\(.*$/, ""));
      if (!recreated[kind].has(dropped))
        problems.push(`${text}: drops a ${kind.toLowerCase()} without creating it again`);
      continue;
    }
    const refusal = refused.find(({ pattern }) => pattern.test(text));
    if (refusal) {
      problems.push(`${text}: ${refusal.why}`);
      continue;
    }
    if (/^ALTER TABLE\b/i.test(text) && addsRequiredColumn(text)) {
      problems.push(
        `${text}: adds a NOT NULL column without a default, which the previous release's inserts leave out`,
      );
      continue;
    }
    const reasonNeeded = needsReason.find(({ pattern }) => pattern.test(text));
    if (reasonNeeded && !justified)
      problems.push(`${text}: ${reasonNeeded.why}; say why it is safe in a "-- previous release: …" comment above it`);
  }
  return problems;
}
