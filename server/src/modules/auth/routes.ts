import {
  changePasswordRoute,
  endSessionRoute,
  listSessionsRoute,
  sendSignInCodeRoute,
  signInRoute,
  signOutEverywhereRoute,
  signOutRoute,
} from "@arcana/protocol";
import { resolveLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import { clearSessionCookie, clientIp, setSessionCookie } from "../../http/session.js";
import type { AuthService } from "./service.js";

export function registerAuthRoutes(routes: Routes, auth: AuthService) {
  const { config } = routes;
  routes.publicRoute(sendSignInCodeRoute, async (c) => {
    const { email } = c.req.valid("json");
    // The e-mail is written in the account's language (auth service), else the one chosen in the app (its cookie), else the browser's.
    const language = resolveLanguage(c.req.raw);
    return c.json({ data: await auth.sendCode(email, clientIp(c, config.trustProxy), language) }, 200);
  });

  routes.publicRoute(signInRoute, async (c) => {
    const body = c.req.valid("json");
    const userAgent = c.req.header("user-agent") ?? null;
    const ip = clientIp(c, config.trustProxy);
    const signedIn =
      body.type === "code"
        ? await auth.signInWithCode(body.email, body.code, ip, userAgent, body.new_password)
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
    const { current_password, code, new_password } = c.req.valid("json");
    await auth.changePassword(
      member,
      { currentPassword: current_password, code },
      new_password,
      clientIp(c, config.trustProxy),
    );
    return c.json({ data: { changed: true as const } }, 200);
  });

  routes.memberRoute(listSessionsRoute, async (c, member) => {
    return c.json({ data: await auth.sessions.list(member.user.uid, member.sessionId) }, 200);
  });

  routes.memberRoute(endSessionRoute, async (c, member) => {
    const { id } = c.req.valid("param");
    const ended = await auth.sessions.endOne(member.user.uid, id);
    if (id === member.sessionId) clearSessionCookie(c, config);
    return c.json({ data: { ended } }, 200);
  });

  routes.memberRoute(signOutEverywhereRoute, async (c, member) => {
    const ended = await auth.sessions.endAll(member.user.uid);
    clearSessionCookie(c, config);
    return c.json({ data: { ended } }, 200);
  });
}
