import type { Language, Task, TaskConditionKey, TasksResult } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type Economy, textsIn } from "../../economy.js";
import { enforceLimit, type RateLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { boxesOpenedBy } from "../boxes/api.js";
import { longestCheckInStreak } from "../daily/api.js";
import { grantPoints, pointsBalance } from "../ledger/api.js";
import { passesHeldBy } from "../passes/api.js";
import type { ReferralService } from "../referrals/api.js";
import { tarotRecordedDays } from "../tarot/api.js";
import { memberById } from "../users/api.js";
import { type TaskConditions, taskConditions, taskEvidence, taskProgress } from "./progress.js";
import { taskRewards } from "./schema.js";

export interface TaskServiceDeps {
  db: Database;
  economy: Economy;
  referrals: Pick<ReferralService, "settleFor" | "qualifiedInvites">;
  now: () => Date;
  limiter: RateLimiter;
}

/** Each check reads every task's figures from several modules: a page asks a few times a minute. */
export const taskRateLimits = {
  consumePerMember: { name: "tasks_consume_member", max: 30, windowMs: 60 * 1000 },
} satisfies Record<string, RateLimit>;

export type TaskService = ReturnType<typeof createTaskService>;

/** The ledger reference of one member's reward for one task: each lands once. */
export function taskRewardReference(userId: string, taskId: string): string {
  return `${userId}:${taskId}`;
}

export function createTaskService({ db, economy, referrals, now, limiter }: TaskServiceDeps) {
  const wanted = new Set(economy.tasks.flatMap((task) => Object.keys(task.when) as TaskConditionKey[]));

  /** The member's figure for each condition some task names, asked of the module that owns it. */
  async function figuresOf(userId: string): Promise<Partial<Record<TaskConditionKey, number>>> {
    const member = await memberById(db, userId);
    if (!member) throw new ApiError("unauthenticated", "Sign in to continue.");
    const figures: Partial<Record<TaskConditionKey, number>> = {};
    figures.wallet_bound = member.walletAddress ? 1 : 0;
    figures.solana_bound = member.solanaAddress ? 1 : 0;
    if (wanted.has("pass_minted") || wanted.has("pass_staked")) {
      const held = member.walletAddress
        ? (await passesHeldBy(db, [member.walletAddress])).get(member.walletAddress)
        : undefined;
      figures.pass_minted = held && held.held > 0 ? 1 : 0;
      figures.pass_staked = held && held.staked > 0 ? 1 : 0;
    }
    if (wanted.has("check_in_streak")) figures.check_in_streak = await longestCheckInStreak(db, userId);
    if (wanted.has("tarot_recorded_days")) figures.tarot_recorded_days = await tarotRecordedDays(db, userId);
    if (wanted.has("boxes_opened")) figures.boxes_opened = await boxesOpenedBy(db, userId);
    if (wanted.has("qualified_invites")) {
      await referrals.settleFor(userId);
      figures.qualified_invites = await referrals.qualifiedInvites(db, userId);
    }
    return figures;
  }

  return {
    /**
     * `GET /tasks/consume`: checks every task from the server's own data and credits each completed
     * one once (the (member, task) key, then the ledger's (task, reference)); safe to repeat.
     */
    async consume(userId: string, language: Language): Promise<TasksResult> {
      await enforceLimit(
        limiter,
        taskRateLimits.consumePerMember,
        userId,
        "Tasks were checked very often. Wait a minute.",
      );
      const figures = await figuresOf(userId);
      const rewarded = new Set(
        (await db.select({ taskId: taskRewards.taskId }).from(taskRewards).where(eq(taskRewards.userId, userId))).map(
          (row) => row.taskId,
        ),
      );
      const granted: TasksResult["granted"] = [];
      const tasks: Task[] = [];
      for (const task of economy.tasks) {
        const progress = taskProgress(task.when as TaskConditions, figures);
        if (progress.done && !rewarded.has(task.id)) {
          const at = now();
          const landed = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(taskRewards)
              .values({ userId, taskId: task.id, points: task.points, rewardedAt: at })
              .onConflictDoNothing()
              .returning();
            if (!row) return false;
            const grant = await grantPoints(tx, {
              userId,
              kind: "task",
              amount: task.points,
              reference: taskRewardReference(userId, task.id),
              label: `Task done: ${task.title}`,
              at,
            });
            return grant.granted;
          });
          if (landed) granted.push({ id: task.id, points: task.points });
          rewarded.add(task.id);
        }
        tasks.push({
          id: task.id,
          // The ledger keeps the English title (above); the member reads it in their language.
          ...textsIn({ title: task.title }, task.i18n, language),
          points: task.points,
          state: rewarded.has(task.id) ? "rewarded" : progress.done ? "done" : "open",
          progress: { current: progress.current, target: progress.target },
          conditions: taskConditions(task.when as TaskConditions),
          verified_by: taskEvidence(task.when as TaskConditions),
        });
      }
      return { tasks, granted, pts: await pointsBalance(db, userId) };
    },
  };
}
