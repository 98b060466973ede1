import type { Adapter, StoredPasskey } from "../../adapter/adapter.ts";
import type { PasskeySettings } from "../../config/resolve-passkeys.ts";
import { AuthError } from "../../errors/auth-error.ts";
import { type ErrorCode, errorCatalogue } from "../../errors/catalogue.ts";
import { jsonShape, MAX_JSON_DEPTH } from "../../http/json-shape.ts";
import { json, type Outcome } from "../../http/outcome.ts";
import type { RequestContext } from "../../http/request-context.ts";
import { withRefusalUrl } from "../../http/respond.ts";
import {
  type CeremonyKind,
  CHALLENGE_MAX_AGE_S,
  consumeOnce,
  type OpenedCeremony,
  openChallenge,
  type PasskeyCeremony,
  sealChallenge,
} from "../../passkeys/challenge-cookie.ts";
import type { Services } from "../services.ts";

/** Storage with every passkey method (`resolvePasskeys` checked them at start-up). */
export type PasskeyAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "getUser"
      | "getUserByEmail"
      | "createPasskey"
      | "getPasskey"
      | "listPasskeys"
      | "usePasskey"
      | "renamePasskey"
      | "deletePasskey"
    >
  >;

/** The passkey settings and storage; without `passkeys` configured the endpoints do not exist (404). */
export function passkeySettings(ctx: RequestContext): { settings: PasskeySettings; adapter: PasskeyAdapter } {
  const settings = ctx.config.passkeys;
  if (!settings || !ctx.config.adapter) {
    throw new AuthError("UnknownAction", { cause: "passkeys are not configured" });
  }
  return { settings, adapter: ctx.config.adapter as PasskeyAdapter };
}

/** A passkey as the account console shows it: never the public key. */
export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
  deviceType: StoredPasskey["deviceType"];
  transports: string[];
}

export function passkeyInfo(passkey: StoredPasskey): PasskeyInfo {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt ? passkey.lastUsedAt.toISOString() : null,
    backedUp: passkey.backedUp,
    deviceType: passkey.deviceType,
    transports: [...passkey.transports],
  };
}

/**
 * The challenge cookie's name: `<prefix>.passkey`, `__Host-` on https — one ceremony at a time per
 * browser; starting another replaces it.
 */
export function challengeCookieName(ctx: RequestContext): string {
  return `${ctx.secure ? "__Host-" : ""}${ctx.config.cookiePrefix}.passkey`;
}

/** Starts a ceremony: its challenge sealed into this browser's challenge cookie. */
export async function startCeremony(ctx: RequestContext, ceremony: PasskeyCeremony): Promise<void> {
  const value = await sealChallenge({ keys: ctx.config.keys, ceremony, now: ctx.now });
  ctx.out.set(challengeCookieName(ctx), value, { maxAge: CHALLENGE_MAX_AGE_S });
}

/**
 * Takes this browser's ceremony of `kind` for the answer being checked: the cookie goes, and the
 * challenge is spent before the answer is verified (a failed attempt burns it too). Null when there is
 * none that opens (missing, expired, tampered, another kind, another browser) or it was spent before.
 */
export async function takeCeremony<K extends CeremonyKind>(
  ctx: RequestContext,
  services: Services,
  kind: K,
): Promise<OpenedCeremony<K> | null> {
  const name = challengeCookieName(ctx);
  const value = ctx.cookies.get(name);
  if (value === undefined) return null;
  ctx.out.delete(name);
  const ceremony = await openChallenge({ keys: ctx.config.keys, value, kind, now: ctx.now });
  if (!ceremony) return null;
  if (!(await consumeOnce(ceremony.id, services.claims, ctx.now))) return null;
  return ceremony;
}

/** The id of a passkey named in the body (`id`), or `InvalidBody`. */
export function passkeyIdField(ctx: RequestContext): string {
  const id = ctx.body.id;
  if (typeof id !== "string" || id === "" || id.length > 1024) {
    throw new AuthError("InvalidBody", { cause: "id must name a passkey" });
  }
  return id;
}

/**
 * The browser's credential from the body: `response` (Gatehouse's endpoints) or `data` (Auth.js
 * v5's `next-auth/webauthn`), the JSON of what `navigator.credentials.create()` / `.get()` returned
 * (as @simplewebauthn/browser gives it), sent as a string field like every other. Null when it is
 * missing or not a JSON object; its shape is checked by the verification that reads it.
 */
export function credentialField(ctx: RequestContext, field: "response" | "data" = "response"): unknown {
  const text = ctx.body[field];
  if (typeof text !== "string" || text === "") return null;
  // A credential is a few levels deep; one nested deeper is no credential (and would overflow the
  // stack of whatever walks it).
  if (jsonShape(text).depth > MAX_JSON_DEPTH) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The answer of a passkey sign-in or sign-up, which a script (not a form) posts: always JSON. Where a
 * form would be redirected, `{ url }` says where to go; a refusal adds `error` and `message` from the
 * catalogue, with its status — and a refusal answered as JSON already (the rate limit's 429) gets its
 * `url` too, as a redirecting endpoint's would (`withRefusalUrl`).
 */
export function scriptAnswer(ctx: RequestContext, outcome: Outcome): Outcome {
  if (outcome.type === "json") return { ...outcome, body: withRefusalUrl(ctx, outcome.body) };
  if (outcome.type !== "redirect") return outcome;
  const code = new URL(outcome.url).searchParams.get("error");
  if (code !== null && Object.hasOwn(errorCatalogue, code)) {
    const { message, status } = errorCatalogue[code as ErrorCode];
    return json({ error: code, message, url: outcome.url }, outcome.status ?? status);
  }
  return json({ url: outcome.url }, outcome.status ?? 200);
}
