import {
  changePasswordRequestSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
} from "@arcana/protocol";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonData } from "../../http/openapi.js";
import { clearSessionCookie, clientIp, requireMember, setSessionCookie } from "../../http/session.js";
import type { AuthService } from "./service.js";

const sendCode = createRoute({
  method: "post",
  path: "/send_code",
  tags: ["accounts"],
  summary: "E-mail a 6-digit sign-in code",
  description: "Same answer whether or not the address has an account. One send per address per 60 s.",
  request: jsonBody(sendCodeRequestSchema),
  responses: { 200: jsonData(sendCodeResponseSchema, "The code was sent"), ...errorResponses(400, 429, 503) },
});

const signIn = createRoute({
  method: "post",
  path: "/sign_in",
  tags: ["accounts"],
  summary: "Sign in with a code (creates the account on first use) or a password",
  request: jsonBody(signInRequestSchema),
  responses: {
    200: jsonData(signInResponseSchema, "Signed in; the session cookie is set"),
    ...errorResponses(400, 401, 429),
  },
});

const signOut = createRoute({
  method: "post",
  path: "/sign_out",
  tags: ["accounts"],
  summary: "End the current session",
  security: [{ session: [] }],
  responses: { 200: jsonData(z.object({ signed_out: z.literal(true) }), "Signed out"), ...errorResponses(401, 403) },
});

const changePassword = createRoute({
  method: "post",
  path: "/change_password",
  tags: ["accounts"],
  summary: "Set or change the password; ends every other session",
  security: [{ session: [] }],
  request: jsonBody(changePasswordRequestSchema),
  responses: {
    200: jsonData(z.object({ changed: z.literal(true) }), "Password saved"),
    ...errorResponses(400, 401, 403, 429),
  },
});

export function registerAuthRoutes(api: OpenAPIHono<AppEnv>, auth: AuthService, config: Config) {
  api.openapi(sendCode, async (c) => {
    const { email } = c.req.valid("json");
    return c.json({ data: await auth.sendCode(email, clientIp(c, config.trustProxy)) }, 200);
  });

  api.openapi(signIn, async (c) => {
    const body = c.req.valid("json");
    const userAgent = c.req.header("user-agent") ?? null;
    const signedIn =
      body.type === "code"
        ? await auth.signInWithCode(body.email, body.code, userAgent)
        : await auth.signInWithPassword(body.email, body.password, clientIp(c, config.trustProxy), userAgent);
    setSessionCookie(c, config, signedIn.token, signedIn.expiresAt);
    return c.json({ data: { token: signedIn.token, user: signedIn.user } }, 200);
  });

  api.openapi(signOut, async (c) => {
    const member = await requireMember(c, config);
    await auth.signOut(member.sessionId);
    clearSessionCookie(c, config);
    return c.json({ data: { signed_out: true as const } }, 200);
  });

  api.openapi(changePassword, async (c) => {
    const member = await requireMember(c, config);
    const { current_password, new_password } = c.req.valid("json");
    await auth.changePassword(member, current_password, new_password);
    return c.json({ data: { changed: true as const } }, 200);
  });
}
