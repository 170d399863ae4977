/**
 * What PostgreSQL itself said about a failed statement. drizzle wraps every driver error as
 * `Failed query: <sql> params: …` with PostgreSQL's error as its `cause`; an operator needs the
 * latter ("duplicate key value violates unique constraint …"), so logs and the CLI show it.
 */
export interface PostgresReason {
  /** SQLSTATE, e.g. `23505`. */
  code: string;
  message: string;
  detail?: string;
  constraint?: string;
  table?: string;
}

/** PostgreSQL's own error in a chain of causes (postgres.js's PostgresError, PGlite's DatabaseError), or null. */
export function postgresReason(error: unknown): PostgresReason | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const fields = current as Record<string, unknown>;
    if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code) && typeof fields.severity === "string") {
      const text = (name: string) => (typeof fields[name] === "string" && fields[name] ? fields[name] : undefined);
      return {
        code: fields.code,
        message: String(fields.message ?? ""),
        detail: text("detail"),
        constraint: text("constraint_name") ?? text("constraint"),
        table: text("table_name") ?? text("table"),
      };
    }
    current = fields.cause;
  }
  return null;
}

/** One line for a person: PostgreSQL's reason first, then what failed; any other error as its message. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = postgresReason(error);
  if (!reason || reason.message === message) return message;
  const detail = reason.detail ? ` ${reason.detail}` : "";
  const query = message
    .split("\nparams:")[0]
    ?.replace(/^Failed query: /, "")
    .replace(/\s+/g, " ")
    .slice(0, 300);
  return `PostgreSQL: ${reason.message} (SQLSTATE ${reason.code}).${detail}\n  while running: ${query}`;
}
