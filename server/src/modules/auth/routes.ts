import { changePasswordRoute, sendSignInCodeRoute, signInRoute, signOutRoute } from "@arcana/protocol";
import { resolveLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import { clearSessionCookie, clientIp, setSessionCookie } from "../../http/session.js";
import type { AuthService } from "./service.js";

export function registerAuthRoutes(routes: Routes, auth: AuthService) {
  const { config } = routes;
  routes.publicRoute(sendSignInCodeRoute, async (c) => {
    const { email } = c.req.valid("json");
    // The e-mail is written in the language the member chose in the app (its cookie), else their browser's.
    const language = resolveLanguage(c.req.raw);
    return c.json({ data: await auth.sendCode(email, clientIp(c, config.trustProxy), language) }, 200);
  });

  routes.publicRoute(signInRoute, async (c) => {
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

  routes.memberRoute(signOutRoute, async (c, member) => {
    await auth.signOut(member.sessionId);
    clearSessionCookie(c, config);
    return c.json({ data: { signed_out: true as const } }, 200);
  });

  routes.memberRoute(changePasswordRoute, async (c, member) => {
    const { current_password, new_password } = c.req.valid("json");
    await auth.changePassword(member, current_password, new_password);
    return c.json({ data: { changed: true as const } }, 200);
  });
}
