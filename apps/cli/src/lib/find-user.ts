import { normalizeEmail } from "@gatehouse/core";
import type { AdapterUser } from "@gatehouse/core/adapter";
import type { OpenDatabase } from "./database.ts";

/**
 * The user `--user` names: by id first (ids are opaque and could contain an @), then by the email
 * as sign-in normalises it; null when neither finds one.
 */
export async function findUser(adapter: OpenDatabase["adapter"], who: string): Promise<AdapterUser | null> {
  const byId = await adapter.getUser(who);
  if (byId !== null) return byId;
  const email = normalizeEmail(who);
  return email === null ? null : adapter.getUserByEmail(email);
}
