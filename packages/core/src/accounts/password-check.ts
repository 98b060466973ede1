import type { AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { PasswordSettings } from "../config/resolve-password.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizePassword } from "../passwords/policy.ts";
import { generationOf, stillAt } from "./security-generation.ts";

/** Longer input is never a password we stored (256 code points after NFKC): refused before any work. */
const RAW_LIMIT = 256 * 16;

const dummyHashes = new WeakMap<PasswordSettings, Promise<string>>();

/**
 * Checks a password for the user with `email`. Unknown addresses, users without a password and
 * wrong passwords all cost one hash verification, so the time of the answer does not tell them
 * apart. A right password stored with an old algorithm or weaker parameters is re-hashed.
 */
export async function checkUserPassword(
  ctx: RequestContext,
  settings: PasswordSettings,
  email: string,
  password: string,
): Promise<AdapterUser | null> {
  const adapter = ctx.config.adapter!;
  const user = await callAdapter(adapter, "getUserByEmail", email);
  const stored = user ? await callAdapter(adapter, "getPasswordHash", user.id) : null;
  const given = password.length > RAW_LIMIT ? null : normalizePassword(password);
  if (!user || !stored || given === null) {
    await settings.hasher.verify(given ?? "", await dummyHash(settings));
    return null;
  }
  const { ok, needsRehash } = await verifyEitherForm(settings, given, password, stored);
  if (!ok) return null;
  if (needsRehash) await rehash(ctx, settings, user, given);
  return user;
}

/**
 * Gatehouse hashes the NFKC form; a hash imported from another system (bcrypt, scrypt, PBKDF2)
 * hashed the text as typed. When the two differ, an imported hash is also tried with the typed
 * text — and then re-hashed in the normalised form, so this happens once per user.
 */
async function verifyEitherForm(
  settings: PasswordSettings,
  normalized: string,
  typed: string,
  stored: string,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  const first = await settings.hasher.verify(normalized, stored);
  if (first.ok || normalized === typed || stored.startsWith("$argon2id$")) return first;
  const raw = await settings.hasher.verify(typed, stored);
  return raw.ok ? { ok: true, needsRehash: true } : first;
}

/**
 * The current password of a signed-in user: true when right (re-hashing as above). `user` as read
 * before `stored` was.
 */
export async function checkCurrentPassword(
  ctx: RequestContext,
  settings: PasswordSettings,
  user: AdapterUser,
  stored: string,
  password: string,
): Promise<boolean> {
  if (password.length > RAW_LIMIT) return false;
  const given = normalizePassword(password);
  const { ok, needsRehash } = await verifyEitherForm(settings, given, password, stored);
  if (ok && needsRehash) await rehash(ctx, settings, user, given);
  return ok;
}

/**
 * Stores a right password's new hash. The hash it replaces was read while the user was at the
 * generation of `user`; a security change since — the owner claiming the account and removing
 * this very password, a reset — may have removed or replaced it, and this write would bring the
 * old password back. So the write is checked afterwards, and when the generation moved, the
 * password goes: the person resets it (accounts/guarded-change.ts explains the pattern).
 */
async function rehash(ctx: RequestContext, settings: PasswordSettings, user: AdapterUser, given: string) {
  const adapter = ctx.config.adapter!;
  await callAdapter(adapter, "setPasswordHash", user.id, await settings.hasher.hash(given));
  if (await stillAt(adapter, user.id, generationOf(user))()) return;
  ctx.config.logger.warn("CredentialChangeUndone", { userId: user.id, what: "rehash" });
  if (typeof adapter.deletePasswordHash === "function")
    await callAdapter(adapter, "deletePasswordHash", user.id);
}

/** A hash of a random password with the configured hasher, made once: what unknown users are checked against. */
function dummyHash(settings: PasswordSettings): Promise<string> {
  let hash = dummyHashes.get(settings);
  if (!hash) {
    hash = settings.hasher.hash(crypto.randomUUID());
    dummyHashes.set(settings, hash);
  }
  return hash;
}

/** Hashes a new password (already checked by the policy) in its stored form. */
export function hashNewPassword(settings: PasswordSettings, password: string): Promise<string> {
  return settings.hasher.hash(normalizePassword(password));
}
