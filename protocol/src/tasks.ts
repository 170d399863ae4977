import { z } from "zod";

/** The conditions a task can have: each one the server checks from its own tables. */
export const taskConditionKeys = [
  "wallet_bound",
  "solana_bound",
  "pass_minted",
  "pass_staked",
  "check_in_streak",
  "tarot_recorded_days",
  "boxes_opened",
  "qualified_invites",
] as const;
export type TaskConditionKey = (typeof taskConditionKeys)[number];

export const taskStates = ["open", "done", "rewarded"] as const;
export type TaskState = (typeof taskStates)[number];

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  points: z.number().int(),
  /** `open`: not yet; `done`: complete, reward not landed yet; `rewarded`: its points are in the ledger. */
  state: z.enum(taskStates),
  progress: z.object({ current: z.number().int(), target: z.number().int() }),
  /** The conditions the task checks, in the economy's order: the web says how it knows each in the reader's language. */
  conditions: z.array(z.enum(taskConditionKeys)),
  /** How the server knows, in English, for API clients (the web writes `conditions` from its catalogs). */
  verified_by: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** `GET /tasks/consume`: every task with its state, what this call just credited, and the balance after. */
export const tasksResultSchema = z.object({
  tasks: z.array(taskSchema),
  granted: z.array(z.object({ id: z.string(), points: z.number().int() })),
  pts: z.number().int(),
});
export type TasksResult = z.infer<typeof tasksResultSchema>;
