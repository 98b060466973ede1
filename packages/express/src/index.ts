export { getUserId } from "@gatehouse/node";
export { type ExpressMiddleware, gatehouseExpress } from "./gatehouse-express.ts";
export { getSession } from "./get-session.ts";
export { type RequireSessionOptions, requireSession } from "./require-session.ts";
