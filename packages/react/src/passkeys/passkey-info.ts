import { isRecord } from "../lib/is-record.ts";
import type { PasskeyInfo } from "./types.ts";

/** A passkey of the server's answer, narrowed from untrusted JSON; null when it is not one. */
export function toPasskeyInfo(value: unknown): PasskeyInfo | null {
  if (!isRecord(value)) return null;
  const { id, name, createdAt, lastUsedAt, backedUp, deviceType, transports } = value;
  const valid =
    typeof id === "string" &&
    typeof name === "string" &&
    typeof createdAt === "string" &&
    (lastUsedAt === null || typeof lastUsedAt === "string") &&
    typeof backedUp === "boolean" &&
    (deviceType === "singleDevice" || deviceType === "multiDevice") &&
    Array.isArray(transports) &&
    transports.every((transport) => typeof transport === "string");
  return valid
    ? { id, name, createdAt, lastUsedAt, backedUp, deviceType, transports: transports.map(String) }
    : null;
}
