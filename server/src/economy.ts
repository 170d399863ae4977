import { readFileSync } from "node:fs";
import path from "node:path";
import {
  chainKeys,
  defaultLanguage,
  type Language,
  languages,
  qualifyOnValues,
  sponsoredActions,
  type TaskConditionKey,
  taskConditionKeys,
} from "@arcana/protocol";
import { z } from "zod";
import { repoRoot } from "./config.js";

/** The operator's file; ECONOMY_FILE (read by config.ts) names another. */
export const defaultEconomyFile = path.join(repoRoot, "config/economy.json");

const points = z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more");
const positiveInteger = z
  .number({ error: "must be a positive integer" })
  .int("must be a positive integer")
  .positive("must be a positive integer");

const someText = z.string({ error: "must be text" }).min(1, "must not be empty");
const otherLanguages = languages.filter((language) => language !== defaultLanguage) as [Language, ...Language[]];

/**
 * Per-language texts of a box or task (docs/languages.md): `{"zh-CN": {"name": "…"}, …}`, keyed by an
 * offered language other than English (another key is an unknown setting); a text a language lacks
 * is the English one at the top level.
 */
function translations<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.partialRecord(z.enum(otherLanguages), z.strictObject(shape)).optional();
}

const weight = positiveInteger;
const boxRewardSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("points"), amount: positiveInteger, weight }),
    z.strictObject({ kind: z.literal("box"), box: z.string({ error: "must name a box id" }), weight }),
    z.strictObject({ kind: z.literal("allowlist"), weight }),
  ],
  { error: 'must have a kind of "points", "box" or "allowlist"' },
);

const boxSchema = z.strictObject({
  /** Stable: owned boxes and odds versions refer to it. */
  id: z
    .string({ error: "must be a text id" })
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be 1–64 lower-case letters, digits or dashes"),
  name: z.string({ error: "must be text" }).min(1, "must not be empty"),
  description: z.string({ error: "must be text" }),
  price: positiveInteger,
  /** Boxes for sale in total; null is unlimited. */
  supply: positiveInteger.nullable(),
  /** Boxes one member may buy in total; null is unlimited. */
  perMemberLimit: positiveInteger.nullable(),
  /** In draw order; each change becomes a new odds version. */
  rewards: z.array(boxRewardSchema).min(1, "must list at least one reward"),
  /** The name and description in other languages (English above is the fallback). */
  i18n: translations({ name: someText.optional(), description: someText.optional() }),
});

const boxesSchema = z.array(boxSchema).superRefine((boxes, ctx) => {
  const ids = new Set<string>();
  for (const [index, box] of boxes.entries()) {
    if (ids.has(box.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `"${box.id}" is used twice` });
    ids.add(box.id);
  }
  for (const [index, box] of boxes.entries()) {
    for (const [rewardIndex, reward] of box.rewards.entries()) {
      if (reward.kind === "box" && !boxes.some((other) => other.id === reward.box)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "rewards", rewardIndex, "box"],
          message: `names "${reward.box}", which is not a box defined here`,
        });
      }
    }
  }
});

const reached = z.literal(true, { error: "must be true" }).optional();
const atLeast = positiveInteger.optional();

/** Each condition the server can check from its own tables (protocol's taskConditionKeys); unknown keys are refused. */
const taskConditionShape = {
  wallet_bound: reached,
  solana_bound: reached,
  pass_minted: reached,
  pass_staked: reached,
  check_in_streak: atLeast,
  tarot_recorded_days: atLeast,
  boxes_opened: atLeast,
  qualified_invites: atLeast,
} satisfies Record<TaskConditionKey, z.ZodType>;

const taskConditionsSchema = z
  .strictObject(taskConditionShape)
  .refine((conditions) => Object.values(conditions).some((value) => value !== undefined), {
    message: `must name a condition: ${taskConditionKeys.join(", ")}`,
  });

const taskSchema = z.strictObject({
  /** Stable: the ledger references a task's reward by it. */
  id: z
    .string({ error: "must be a text id" })
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be 1–64 lower-case letters, digits, dashes or underscores"),
  title: z.string({ error: "must be text" }).min(1, "must not be empty"),
  points: positiveInteger,
  /** Every condition must hold for the task to be done. */
  when: taskConditionsSchema,
  /** The title in other languages (English above is the fallback). */
  i18n: translations({ title: someText.optional() }),
});

const tasksSchema = z.array(taskSchema).superRefine((tasks, ctx) => {
  const ids = new Set<string>();
  for (const [index, task] of tasks.entries()) {
    if (ids.has(task.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `"${task.id}" is used twice` });
    ids.add(task.id);
  }
});

/** An amount of a chain's native token in whole units, as text: "0.05" (parsed with 18 decimals). */
const nativeAmount = z
  .string({ error: 'must be an amount as text, e.g. "0.05"' })
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/, 'must be an amount as text, e.g. "0.05"');

/** What a sponsored chain's entry in the economy file leaves out (decision 0041). */
export const sponsorshipChainDefaults = {
  newMemberHours: 24,
  newMemberDailyQuota: 2,
  maxRelaysPerHour: 200,
  burnPaceAlert: 2,
};

const sponsorshipChainSchema = z.strictObject({
  /** Spent at most per GMT day on this chain, in its native token (gas used × price, reverted ones too). */
  dailyBudget: nativeAmount,
  /** Below this relayer balance sponsorship pauses and says so until the relayer is funded. */
  lowBalance: nativeAmount,
  /** The highest max fee per gas the relayer signs, in gwei; replacements stop bumping there. */
  maxFeeGwei: nativeAmount,
  /**
   * The sybil bound (decision 0041): an account younger than `newMemberHours` gets at most
   * `newMemberDailyQuota` sponsored relays a GMT day here (0: none until it is that old).
   */
  newMemberHours: points.default(sponsorshipChainDefaults.newMemberHours),
  newMemberDailyQuota: points.default(sponsorshipChainDefaults.newMemberDailyQuota),
  /** Sponsored relays accepted on this chain per hour, all members together. */
  maxRelaysPerHour: positiveInteger.default(sponsorshipChainDefaults.maxRelaysPerHour),
  /**
   * The burn pace past which `arcana_sponsorship_burn_pace` alerts: today's spending against an even
   * spread of `dailyBudget` over the GMT day (2 = twice as fast as a budget lasting all day).
   */
  burnPaceAlert: z
    .number({ error: "must be a positive number" })
    .positive("must be a positive number")
    .default(sponsorshipChainDefaults.burnPaceAlert),
});

const defaultSponsorshipRateLimits = {
  relaysPerMemberPerHour: 30,
  relaysPerIpPerHour: 300,
  statusPerMemberPerMinute: 60,
  statusPerIpPerMinute: 600,
};
const sponsorshipRateLimitsSchema = z.strictObject({
  relaysPerMemberPerHour: positiveInteger,
  relaysPerIpPerHour: positiveInteger,
  statusPerMemberPerMinute: positiveInteger,
  statusPerIpPerMinute: positiveInteger,
});

const sponsorshipSchema = z
  .strictObject({
    /** Which on-chain actions the operator pays for. */
    actions: z.array(z.enum(sponsoredActions, { error: `must be one of ${sponsoredActions.join(", ")}` })),
    /** Sponsored transactions one member may have accepted per chain and GMT day. */
    memberDailyQuota: positiveInteger,
    /** Chains (by key: local, opBNB, …) sponsored, each with its budget; a chain not listed is not sponsored. */
    chains: z.partialRecord(z.enum(chainKeys), sponsorshipChainSchema),
    /**
     * Requests per member and per network (IP, IPv6 /64) to `POST /blockchain/relay` (per hour) and
     * `GET /blockchain/sponsorship` (per minute), refused ones included: each may cost an RPC read.
     */
    rateLimits: sponsorshipRateLimitsSchema.default(defaultSponsorshipRateLimits),
  })
  .default({
    actions: [],
    memberDailyQuota: 1,
    chains: {},
    rateLimits: defaultSponsorshipRateLimits,
  });

/** What the economy file's `reminders` section is when absent (docs/operating.md "Reminders"). */
export const reminderDefaults = { enabled: true, sendHourGmt: 20, minStreak: 1, ratePerSecond: 50 };

const economySchema = z.strictObject({
  checkIn: z.strictObject({
    /** Points for any check-in. */
    basePoints: points,
    /**
     * Extra points once the streak reaches `days`; the largest reached threshold applies
     * (not cumulative). Thresholds strictly increase.
     */
    streakBonuses: z.array(z.strictObject({ days: positiveInteger, bonus: points })).superRefine((bonuses, ctx) => {
      for (let i = 1; i < bonuses.length; i++) {
        const previous = bonuses[i - 1];
        const current = bonuses[i];
        if (previous && current && current.days <= previous.days) {
          ctx.addIssue({
            code: "custom",
            path: [i, "days"],
            message: `must be greater than the previous entry's days (${previous.days})`,
          });
        }
      }
    }),
  }),
  tarot: z.strictObject({
    /** Points for recording the day's draw on chain (once per GMT day). */
    points,
  }),
  staking: z.strictObject({
    pointsPerPassPerDay: points,
    /** How long a pass stays staked before it may be unstaked. */
    minStakeSeconds: z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more"),
  }),
  /** The loot-box market (docs/operating.md). */
  boxes: boxesSchema.default([]),
  /** Invite codes every member has (docs/operating.md). */
  referrals: z
    .strictObject({
      /** Days after sign-up during which a member may enter someone's code. */
      windowDays: positiveInteger,
      inviterPoints: points,
      inviteePoints: points,
      /** What an invitee must do for the invite to count: by default something that costs effort. */
      qualifyOn: z.enum(qualifyOnValues, { error: `must be one of ${qualifyOnValues.join(", ")}` }),
      /** Invites of one member's code that may qualify in any 30 days; later ones are refused. */
      maxQualifiedPer30Days: positiveInteger.default(10),
    })
    .default({
      windowDays: 7,
      inviterPoints: 50,
      inviteePoints: 20,
      qualifyOn: "first_check_in",
      maxQualifiedPer30Days: 10,
    }),
  /** The default rates of KOL codes (`kol add` may set a code's own), and their own cap. */
  kol: z
    .strictObject({
      inviterPoints: points,
      inviteePoints: points,
      maxQualifiedPer30Days: positiveInteger.default(1000),
    })
    .default({ inviterPoints: 100, inviteePoints: 30, maxQualifiedPer30Days: 1000 }),
  /** One-time goals, each rewarded once (`GET /tasks/consume`). */
  tasks: tasksSchema.default([]),
  /** Sponsored transactions (docs/operating.md): actions, the member quota, per-chain budgets. */
  sponsorship: sponsorshipSchema,
  /** Streak reminders (docs/operating.md "Reminders"): the member's opt-in and the sending (decision 0042). */
  reminders: z
    .strictObject({
      /** Off: no member is offered or sent a reminder, whatever they chose. */
      enabled: z.boolean({ error: "must be true or false" }),
      /** The GMT hour reminders go out at for members who pick none: 20 is 4 hours before the day ends. */
      sendHourGmt: z
        .number({ error: "must be an hour 0–23" })
        .int("must be an hour 0–23")
        .min(0, "must be an hour 0–23")
        .max(23, "must be an hour 0–23"),
      /** The shortest streak worth a reminder. */
      minStreak: positiveInteger,
      /** At most this many reminders handed to the mail server per second, per server (SMTP providers limit it). */
      ratePerSecond: positiveInteger.default(reminderDefaults.ratePerSecond),
      /** A mailbox that unsubscribes by e-mail too (a `mailto:` in `List-Unsubscribe`); none by default. */
      unsubscribeMailto: z.email({ error: "must be an e-mail address" }).optional(),
    })
    .default(reminderDefaults),
});

export type Economy = z.infer<typeof economySchema>;
export type BoxDefinition = Economy["boxes"][number];
export type BoxRewardDefinition = BoxDefinition["rewards"][number];
export type ReferralSettings = Economy["referrals"];
export type TaskDefinition = Economy["tasks"][number];
export type SponsorshipSettings = Economy["sponsorship"];
export type ReminderSettingsConfig = Economy["reminders"];

/**
 * A box's or task's texts as a member reading `language` sees them: each text that language has,
 * else the English one (also for a language the file does not name).
 */
export function textsIn<Texts extends Record<string, string>>(
  english: Texts,
  translated: Partial<Record<Language, Partial<Texts>>> | undefined,
  language: Language,
): Texts {
  const own: Partial<Texts> = translated?.[language] ?? {};
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, own[key] ?? text])) as Texts;
}

export class EconomyError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    const name = path.basename(file);
    super(problems.map((problem) => `${name}: ${problem}`).join("\n"));
    this.name = "EconomyError";
  }
}

/** `checkIn.streakBonuses[1].days`: the JSON path the operator has to fix. */
function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments
    .map((segment, index) =>
      typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`,
    )
    .join("");
}

/** Checks an economy object; throws an EconomyError naming every wrong value. */
export function parseEconomy(value: unknown, file = defaultEconomyFile): Economy {
  const parsed = economySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new EconomyError(
    file,
    parsed.error.issues.map((issue) => {
      if (issue.code === "unrecognized_keys") {
        const where = jsonPath(issue.path);
        return `${where ? `${where}: ` : ""}unknown setting ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
      }
      return `${jsonPath(issue.path) || "(top level)"}: ${issue.message}`;
    }),
  );
}

/** Reads and checks the economy file once (at start-up). */
export function loadEconomy(file = defaultEconomyFile): Economy {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new EconomyError(file, [`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EconomyError(file, [`is not valid JSON: ${(error as Error).message}`]);
  }
  return parseEconomy(value, file);
}
