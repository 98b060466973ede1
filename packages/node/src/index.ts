export { getSession, getUserId } from "./get-session.ts";
export { type NodeHandler, toNodeHandler } from "./to-node-handler.ts";
