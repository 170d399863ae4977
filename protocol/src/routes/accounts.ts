import {
  changePasswordRequestSchema,
  devMailboxQuerySchema,
  devMailSchema,
  memberLanguageRequestSchema,
  memberLanguageSchema,
  memberSessionSchema,
  passwordChangedSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  sessionParamsSchema,
  sessionsEndedSchema,
  signedOutSchema,
  signInRequestSchema,
  signInResponseSchema,
  userSchema,
} from "../accounts.js";
import { defineRoute } from "../api-route.js";
import { languages } from "../languages.js";

export const sendSignInCodeRoute = defineRoute({
  method: "post",
  path: "/send_code",
  operationId: "sendSignInCode",
  tag: "accounts",
  summary: "E-mail a 6-digit sign-in code",
  description: "Same answer whether or not the address has an account. One send per address per 60 s.",
  security: "public",
  request: { body: sendCodeRequestSchema },
  response: sendCodeResponseSchema,
  responseDescription: "The code was sent",
  errors: [400, 422, 429, 503],
});

export const signInRoute = defineRoute({
  method: "post",
  path: "/sign_in",
  operationId: "signIn",
  tag: "accounts",
  summary: "Sign in with a code (creates the account on first use) or a password",
  description:
    "A code sign-in may carry `new_password`: the forgotten-password path sets it and ends every other session.",
  security: "public",
  request: { body: signInRequestSchema },
  response: signInResponseSchema,
  responseDescription: "Signed in; the session cookie is set",
  errors: [400, 401, 429],
});

export const signOutRoute = defineRoute({
  method: "post",
  path: "/sign_out",
  operationId: "signOut",
  tag: "accounts",
  summary: "End the current session",
  security: "session",
  response: signedOutSchema,
  responseDescription: "Signed out",
  errors: [401, 403],
});

export const changePasswordRoute = defineRoute({
  method: "post",
  path: "/change_password",
  operationId: "changePassword",
  tag: "accounts",
  summary: "Set or change the password; ends every other session",
  description:
    "Needs a fresh sign-in code mailed to the member's address (`code`, from `POST /send_code`) or, when the account has a password, the current one.",
  security: "session",
  request: { body: changePasswordRequestSchema },
  response: passwordChangedSchema,
  responseDescription: "Password saved",
  errors: [400, 401, 403, 429],
});

export const getMyProfileRoute = defineRoute({
  method: "get",
  path: "/users/mine",
  operationId: "getMyProfile",
  tag: "accounts",
  summary: "The signed-in member's profile",
  security: "session",
  response: userSchema,
  responseDescription: "The member",
  errors: [401],
});

export const setMyLanguageRoute = defineRoute({
  method: "post",
  path: "/users/mine/language",
  operationId: "setMyLanguage",
  tag: "accounts",
  summary: "Choose the language of the member's pages and e-mails",
  description: `Saved on the account: it wins over the browser's \`Accept-Language\` on every device the member signs in on, and the sign-in code e-mail is written in it. One of ${languages.map((language) => `\`${language}\``).join(", ")}; any other answers 400 \`unsupported_language\`.`,
  security: "session",
  request: { body: memberLanguageRequestSchema },
  response: memberLanguageSchema,
  responseDescription: "The language saved",
  errors: [400, 401, 403],
});

export const listDevMailboxRoute = defineRoute({
  method: "get",
  path: "/dev/mailbox",
  operationId: "listDevMailbox",
  tag: "development",
  summary: "Messages in the development mailbox, newest first (absent in production)",
  security: "public",
  request: { query: devMailboxQuerySchema },
  response: devMailSchema.array(),
  responseDescription: "Messages",
  errors: [400],
});

export const listSessionsRoute = defineRoute({
  method: "get",
  path: "/sessions",
  operationId: "listSessions",
  tag: "accounts",
  summary: "The member's live sessions (signed-in browsers and apps), most recently used first",
  security: "session",
  response: memberSessionSchema.array(),
  responseDescription: "Sessions",
  errors: [401],
});

export const endSessionRoute = defineRoute({
  method: "post",
  path: "/sessions/{id}/end",
  operationId: "endSession",
  tag: "accounts",
  summary: "End one of the member's sessions (signs that browser or app out)",
  security: "session",
  request: { params: sessionParamsSchema },
  response: sessionsEndedSchema,
  responseDescription: "Ended",
  errors: [400, 401, 403, 404],
});

export const signOutEverywhereRoute = defineRoute({
  method: "post",
  path: "/sign_out_everywhere",
  operationId: "signOutEverywhere",
  tag: "accounts",
  summary: "End every session of the member, this one included",
  security: "session",
  response: sessionsEndedSchema,
  responseDescription: "Every session ended; the session cookie is cleared",
  errors: [401, 403],
});
