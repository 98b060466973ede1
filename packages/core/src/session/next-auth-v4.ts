import { jwtDecrypt } from "jose";
import type { Adapter } from "../adapter/adapter.ts";
import type { JWT, MigrateOptions } from "../config/options.ts";
import { cookieNames, legacySessionCookieName } from "../cookies/cookie-names.ts";
import { ConfigError } from "../errors/config-error.ts";
import { hkdf } from "../lib/key-ring.ts";

/**
 * next-auth v4's session cookie (`defaultCookies` in next-auth's `core/lib/cookie.ts`): the
 * `__Secure-` form when its URL was https. Chunks are `<name>.0`, `<name>.1`, … as ours are.
 */
const V4_COOKIE = "next-auth.session-token";

/**
 * next-auth v4 derives its session-token key as HKDF-SHA-256 over the secret with an empty salt and
 * this info, 32 bytes (`getDerivedEncryptionKey` in next-auth's `jwt/index.ts`); its other cookies
 * use the cookie name as salt, so a v4 state or PKCE cookie never reads as a session here.
 */
const V4_KEY_INFO = "NextAuth.js Generated Encryption Key";

/**
 * v4's `decode` allows 15 s of clock difference (ours is 10 s, `CLOCK_TOLERANCE_S`): a cookie is
 * accepted exactly when v4 itself would still have accepted it, and never later.
 */
const V4_CLOCK_TOLERANCE_S = 15;

/** What the session transport needs to carry next-auth v4 sessions over. */
export interface NextAuthV4Sessions {
  /** The v4 session cookie's name on this scheme. */
  cookieName(secure: boolean): string;
  /**
   * The claims of a v4 session token. Tampered, expired, encrypted under another secret or not a v4
   * session token at all: `null`, never a throw.
   */
  decode(token: string, now: number): Promise<JWT | null>;
}

/**
 * Checks `migrate` at start-up: null when no migration is configured. Misuse throws a `ConfigError`
 * that says how to fix it.
 */
export function resolveMigration(
  migrate: MigrateOptions | undefined,
  context: { adapter: Adapter | null; cookiePrefix: string },
): NextAuthV4Sessions | null {
  if (migrate === undefined) return null;
  if (typeof migrate !== "object" || migrate === null) {
    throw new ConfigError("Gatehouse: `migrate` must be an object, e.g. { nextAuthV4: { secret } }.");
  }
  const unknown = Object.keys(migrate).filter((key) => key !== "nextAuthV4");
  if (unknown.length > 0) {
    throw new ConfigError(
      `Gatehouse: unknown migrate.${unknown[0]}. Gatehouse migrates from next-auth v4 only: migrate: { nextAuthV4: { secret } }.`,
    );
  }
  const options = migrate.nextAuthV4;
  if (options === undefined) return null;
  if (typeof options?.secret !== "string" || options.secret.length === 0) {
    throw new ConfigError(
      "Gatehouse: migrate.nextAuthV4.secret must be the secret your next-auth v4 app used (its `secret` option or NEXTAUTH_SECRET).",
    );
  }
  const custom = options.cookieName;
  if (custom !== undefined && (typeof custom !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(custom))) {
    throw new ConfigError(
      "Gatehouse: migrate.nextAuthV4.cookieName must be a cookie name, the v4 app's cookies.sessionToken.name.",
    );
  }
  const names = (secure: boolean) => custom ?? (secure ? `__Secure-${V4_COOKIE}` : V4_COOKIE);
  for (const secure of [false, true]) {
    const ours = [...Object.values(cookieNames(context.cookiePrefix, secure))];
    const legacy = legacySessionCookieName(context.cookiePrefix, secure);
    if (legacy) ours.push(legacy);
    if (ours.includes(names(secure))) {
      throw new ConfigError(
        `Gatehouse: cookie ${names(secure)} would be both next-auth v4's and Gatehouse's. Keep the default cookies.prefix while migrating.`,
      );
    }
  }
  // v4 kept the user's id in `sub` when it had an adapter; with storage, Gatehouse looks it up.
  if (context.adapter && typeof context.adapter.getUser !== "function") {
    throw new ConfigError(
      "Gatehouse: migrate.nextAuthV4 with an adapter needs its getUser (the v4 token's `sub` is looked up).",
    );
  }
  const { secret } = options;
  let key: Promise<CryptoKey> | undefined;
  return {
    cookieName: names,
    async decode(token, now) {
      key ??= deriveKey(secret);
      return decodeV4(token, await key, now);
    },
  };
}

/** The AES-256-GCM key of v4's session tokens; derived on first use, once per configuration. */
async function deriveKey(secret: string): Promise<CryptoKey> {
  const raw = await hkdf(secret, "", V4_KEY_INFO);
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]);
}

async function decodeV4(token: string, key: CryptoKey, now: number): Promise<JWT | null> {
  try {
    const { payload } = await jwtDecrypt(token, key, {
      // What v4's `encode` writes: a JWE, `dir` with A256GCM, carrying iat, exp and jti.
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
      clockTolerance: V4_CLOCK_TOLERANCE_S,
      currentDate: new Date(now),
      requiredClaims: ["exp"],
    });
    return payload as JWT;
  } catch {
    return null;
  }
}
