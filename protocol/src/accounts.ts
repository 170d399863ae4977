import { z } from "zod";
import { INVALID_EMAIL_MESSAGE, isValidEmail, PASSWORD_MAX_LENGTH } from "./account-rules.js";
import { isLanguage, type Language, languages } from "./languages.js";

/**
 * The one rule of an e-mail address (issue 26, finding 1; decision 0021), shared by the sign-in
 * form and the API: a bare `local@domain` mailbox (account-rules.ts `isValidEmail`), judged after
 * `normalizeEmail`, which the server applies before keying anything on the address. A refusal is
 * 400 `invalid_email`.
 */
export const emailAddressSchema = z
  .string()
  .refine(isValidEmail, { message: INVALID_EMAIL_MESSAGE, params: { code: "invalid_email" } })
  .meta({ format: "email", description: "A bare mailbox, local@domain: no name, comment, group or list" });

export const sendCodeRequestSchema = z.object({
  email: emailAddressSchema,
  check_email: z.boolean().optional().default(true),
});

export const sendCodeResponseSchema = z.object({
  sent: z.literal(true),
  /** Seconds before another code may be requested for this address. */
  resend_after: z.number().int(),
  expires_in: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

/** A sign-in code as typed (the server says when it is not 6 digits). */
const codeField = z.string().max(32);

export const signInRequestSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("code"),
    email: emailAddressSchema,
    code: codeField,
    /**
     * The forgotten-password path: the code proves the inbox, so it may also set a new password (which
     * ends every other session of the account).
     */
    new_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  }),
  z.object({ type: z.literal("password"), email: emailAddressSchema, password: z.string().max(PASSWORD_MAX_LENGTH) }),
]);

export const userSchema = z.object({
  uid: z.string(),
  email: z.string(),
  pts: z.number().int(),
  wallet_address: z.string().nullable(),
  solana_address: z.string().nullable(),
  is_active: z.boolean(),
  type: z.string(),
  level: z.string(),
  /** The level to show: an active member of type \`free\` is shown at gold (spec §4). */
  display_level: z.string(),
  has_password: z.boolean(),
  /** The language the member chose (a tag of `languages`), or null: none chosen yet. */
  language: z.string().nullable(),
  /** When the account was made (ISO 8601): a member in their first day is greeted "Welcome", later "Welcome back". */
  member_since: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The member's choice of language: one of `languages`, else 400 `unsupported_language`. */
export const memberLanguageRequestSchema = z.object({
  language: z
    .string()
    .refine(isLanguage, {
      message: `Not a language this site speaks: use one of ${languages.join(", ")}.`,
      params: { code: "unsupported_language" },
    })
    .transform((language) => language as Language),
});

export const memberLanguageSchema = z.object({ language: z.enum(languages) });

export const signInResponseSchema = z.object({ token: z.string(), user: userSchema });

export const signedOutSchema = z.object({ signed_out: z.literal(true) });

/**
 * Setting or changing a password proves the inbox or the old password: a fresh sign-in code sent to
 * the member's address (`POST /send_code`), or the current password when there is one.
 */
export const changePasswordRequestSchema = z.object({
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  code: codeField.optional(),
  new_password: z.string().max(PASSWORD_MAX_LENGTH),
});
export const passwordChangedSchema = z.object({ changed: z.literal(true) });

/** One of the member's live sessions (a signed-in browser or app), as `GET /sessions` lists them. */
export const memberSessionSchema = z.object({
  id: z.string(),
  /** The browser and system named by the session's User-Agent, when they are recognised. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  signed_in_at: z.string(),
  /** When it was last used, to within 5 minutes. */
  last_seen_at: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

export const sessionParamsSchema = z.object({ id: z.uuid() });
export const sessionsEndedSchema = z.object({ ended: z.number().int() });

export const devMailboxQuerySchema = z.object({ to: z.string().max(320).optional() });

export const devMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The message's extra header fields (a streak reminder's `List-Unsubscribe`, …); `{}` when none. */
  headers: z.record(z.string(), z.string()),
  sent_at: z.string(),
});
