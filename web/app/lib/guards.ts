import { type AppLoadContext, redirect } from "react-router";

/** What a guard needs from a loader's or action's arguments. */
export interface GuardArgs {
  /** The page's address, without React Router's own parts (a data request's `.data`, `_routes`). */
  url: URL;
  context: AppLoadContext;
}

/** A guard returns normally to let the request through, or throws a response (usually a redirect). */
export type RouteGuard = (args: GuardArgs) => Promise<void> | void;

/** The one place route modules learn who is signed in. */
export function readSessionUser(context: AppLoadContext) {
  return context.getSessionUser();
}

/** Where a visitor goes to sign in, remembering the page they wanted. */
export function signInPath(url: URL) {
  return `/auth?${new URLSearchParams({ redirect: `${url.pathname}${url.search}` })}`;
}

/** Every named guard a route may ask for. */
export const routeGuards = {
  auth: async ({ url, context }) => {
    if (!(await readSessionUser(context))) throw redirect(signInPath(url));
  },
} satisfies Record<string, RouteGuard>;

export type GuardName = keyof typeof routeGuards;

export function createGuarded<Registry extends Record<string, RouteGuard>>(registry: Registry) {
  return function guarded<Args extends GuardArgs, Result>(
    names: readonly (keyof Registry & string)[],
    handler: (args: Args) => Result | Promise<Result>,
  ): (args: Args) => Promise<Result> {
    // Types catch a misspelt guard in TypeScript; this catches it in plain JS or behind a cast,
    // when the route module loads rather than when a member first opens the page.
    const guards = names.map((name) => {
      const guard = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (!guard) throw new Error(`Unknown route guard "${name}"`);
      return guard;
    });
    return async (args) => {
      for (const guard of guards) await guard(args);
      return handler(args);
    };
  };
}

/** Runs the named guards, in order, before a loader or action: `guarded(["auth"], loader)`. */
export const guarded = createGuarded(routeGuards);
