import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("auth", "routes/auth.tsx"),
    route("change-password", "routes/change-password.tsx"),
    route("daily-tarot", "routes/daily-tarot.tsx"),
    route("genesis-pass", "routes/genesis-pass.tsx"),
    route("loot-box", "routes/loot-box.tsx"),
    route("fairness", "routes/fairness.tsx"),
    route("playground/sign-message", "routes/playground.sign-message.tsx"),
    route("_template", "routes/template.tsx"),
    route("operator", "routes/operator.tsx", [
      index("routes/operator.overview.tsx"),
      route("boxes", "routes/operator.boxes.tsx"),
      route("invites", "routes/operator.invites.tsx"),
      route("members", "routes/operator.members.tsx"),
      route("members/:id", "routes/operator.member.tsx"),
      route("chains", "routes/operator.chains.tsx"),
      route("sponsorship", "routes/operator.sponsorship.tsx"),
      route("reminders", "routes/operator.reminders.tsx"),
      route("audit", "routes/operator.audit.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/empty.tsx", [route("app", "routes/app.tsx")]),
] satisfies RouteConfig;
