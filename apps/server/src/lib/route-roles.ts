/**
 * Who may call a route, as the OpenAPI document says it (`x-roles`, issue #41 §3). The session guards
 * tag the hooks they make, so the document reads the role off the route's own `onRequest` and
 * `preHandler` and cannot drift from what the route enforces.
 */
export const ROUTE_ROLES = ["anyone", "signed-in", "registered", "admin"] as const;
export type RouteRole = (typeof ROUTE_ROLES)[number];

/** What each role means, for the document's description. */
export const ROUTE_ROLE_MEANINGS: Readonly<Record<RouteRole, string>> = {
  anyone: "no session needed (visitors too)",
  "signed-in": "a session: a guest or a registered user",
  registered: "a registered user with a verified e-mail (no guests)",
  admin: "a user with the admin role, read from the database",
};

const roleOfHook = new WeakMap<object, RouteRole>();

/** Marks a guard hook with the role it lets through (returns the same function). */
export function withRouteRole<T extends object>(hook: T, role: RouteRole): T {
  roleOfHook.set(hook, role);
  return hook;
}

/** The strictest role among a route's hooks (a single hook, an array of them, or none). */
export function routeRoleOf(...hooks: unknown[]): RouteRole {
  let strictest = 0;
  const visit = (hook: unknown): void => {
    if (Array.isArray(hook)) {
      for (const entry of hook) visit(entry);
    } else if (typeof hook === "function") {
      const role = roleOfHook.get(hook);
      if (role) strictest = Math.max(strictest, ROUTE_ROLES.indexOf(role));
    }
  };
  for (const hook of hooks) visit(hook);
  return ROUTE_ROLES[strictest] ?? "anyone";
}
