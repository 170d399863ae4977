import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/** Each task a member was rewarded for: once per member and task, with the points it paid then. */
export const taskRewards = pgTable(
  "task_rewards",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The economy file's task id. */
    taskId: text("task_id").notNull(),
    points: integer("points").notNull(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.taskId] })],
);
