import { getMyProfileRoute, setMyLanguageRoute } from "@arcana/protocol";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { languageCookie } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import { setMemberLanguage } from "./service.js";

export interface UserRoutesDeps {
  db: DatabaseOrTransaction;
  now: () => Date;
}

export function registerUserRoutes(routes: Routes, { db, now }: UserRoutesDeps) {
  routes.memberRoute(getMyProfileRoute, async (c, member) => {
    return c.json({ data: member.user }, 200);
  });

  routes.memberRoute(setMyLanguageRoute, async (c, member) => {
    const { language } = c.req.valid("json");
    await setMemberLanguage(db, member.user.uid, language, now());
    // This browser follows at once: its language cookie, which wins over the account, says the same.
    c.header("Set-Cookie", languageCookie(language, routes.config.isProduction));
    return c.json({ data: { language } }, 200);
  });
}
