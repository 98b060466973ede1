export { type GatehouseRoutesOptions, gatehouseRoutes } from "./gatehouse-routes.ts";
export { type RequireSessionOptions, requireSession, type SignedInEnv } from "./require-session.ts";
export { type SessionEnv, session } from "./session.ts";
