import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";

/**
 * A user's security generation: 0 for a new user and for an adapter that keeps none (an Auth.js
 * adapter). Every outstanding link is bound to it (accounts/account-links.ts); every credential
 * change, recovery, sign-out everywhere, email change and disable moves it on, which voids them all.
 */
export function generationOf(user: Pick<AdapterUser, "securityGeneration">): number {
  return user.securityGeneration ?? 0;
}

/** Whether the adapter keeps generations (Gatehouse's adapters do; Auth.js adapters do not). */
export function keepsGenerations(
  adapter: Adapter | null | undefined,
): adapter is Adapter & Required<Pick<Adapter, "bumpSecurityGeneration">> {
  return typeof adapter?.bumpSecurityGeneration === "function";
}

/**
 * Moves the user's generation on, voiding every link issued before. Resolves to the new value, or
 * null when the adapter keeps none (nothing was ever bound to one) or the user is gone.
 *
 * @example await moveGeneration(adapter, user.id) // after the passkey is stored
 */
export async function moveGeneration(
  adapter: Adapter | null | undefined,
  userId: string,
): Promise<number | null> {
  if (!keepsGenerations(adapter)) return null;
  return callAdapter(adapter, "bumpSecurityGeneration", userId);
}

/**
 * A check to run once something built on what was seen at generation `seen` has been stored (a
 * session, a credential): true while the user is still at that generation. A security change that
 * committed meanwhile (a password reset, the owner claiming an unverified account) makes it false,
 * and the caller takes back what it stored. Always true when the adapter keeps no generations.
 */
export function stillAt(adapter: Adapter | null | undefined, userId: string, seen: number | null) {
  return async (): Promise<boolean> => {
    if (seen === null || !keepsGenerations(adapter)) return true;
    const user = await callAdapter(adapter, "getUser", userId);
    return user !== null && generationOf(user) === seen;
  };
}
