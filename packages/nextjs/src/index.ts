export { type GatehouseNext, gatehouseNext } from "./gatehouse-next.ts";
export { getSession, getUserId } from "./get-session.ts";
export { handlers, type RouteHandler, type RouteHandlers } from "./handlers.ts";
export { type ProtectOptions, type Proxy, protect } from "./protect.ts";
