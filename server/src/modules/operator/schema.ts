import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/** Members who may use the operator console; granted and revoked only by the CLI (`operator add|remove`). */
export const operators = pgTable("operators", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every admin action, append-only: who (a console operator, or the CLI and its OS user), what, on whom, the
 * state before and after, and the reason. The service only ever inserts.
 */
export const operatorAudit = pgTable(
  "operator_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The operator's account; null for a command run on the server (`npm run admin`). */
    actorId: uuid("actor_id").references(() => users.id),
    /** The operator's e-mail at the time, or `cli`. */
    actor: text("actor").notNull(),
    /** For `cli`: the operating-system user who ran the command. */
    actorOsUser: text("actor_os_user"),
    action: text("action").notNull(),
    subjectId: uuid("subject_id").references(() => users.id),
    /** The member acted on (their e-mail at the time), when there is one. */
    subject: text("subject"),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index("operator_audit_time_idx").on(table.createdAt.desc(), table.id.desc()),
    index("operator_audit_subject_idx").on(table.subjectId),
  ],
);
