import { changePasswordRoute, sendSignInCodeRoute, signInRoute, signOutRoute } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { resolveLanguage } from "../../http/language.js";
import { openApiRoute } from "../../http/openapi.js";
import { clearSessionCookie, clientIp, requireMember, setSessionCookie } from "../../http/session.js";
import type { AuthService } from "./service.js";

export function registerAuthRoutes(api: OpenAPIHono<AppEnv>, auth: AuthService, config: Config) {
  api.openapi(openApiRoute(sendSignInCodeRoute), async (c) => {
    const { email } = c.req.valid("json");
    // The e-mail is written in the language the member chose in the app (its cookie), else their browser's.
    const language = resolveLanguage(c.req.raw);
    return c.json({ data: await auth.sendCode(email, clientIp(c, config.trustProxy), language) }, 200);
  });

  api.openapi(openApiRoute(signInRoute), async (c) => {
    const body = c.req.valid("json");
    const userAgent = c.req.header("user-agent") ?? null;
    const ip = clientIp(c, config.trustProxy);
    const signedIn =
      body.type === "code"
        ? await auth.signInWithCode(body.email, body.code, ip, userAgent)
        : await auth.signInWithPassword(body.email, body.password, ip, userAgent);
    setSessionCookie(c, config, signedIn.token, signedIn.expiresAt);
    return c.json({ data: { token: signedIn.token, user: signedIn.user } }, 200);
  });

  api.openapi(openApiRoute(signOutRoute), async (c) => {
    const member = await requireMember(c, config);
    await auth.signOut(member.sessionId);
    clearSessionCookie(c, config);
    return c.json({ data: { signed_out: true as const } }, 200);
  });

  api.openapi(openApiRoute(changePasswordRoute), async (c) => {
    const member = await requireMember(c, config);
    const { current_password, new_password } = c.req.valid("json");
    await auth.changePassword(member, current_password, new_password);
    return c.json({ data: { changed: true as const } }, 200);
  });
}
