import type { RequestContext } from "../http/request-context.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";

/** Key purpose for device handles: a handle never opens with a session or check-cookie key, nor they with its. */
const HANDLE_PURPOSE = "gatehouse.device-code";

/**
 * How long a sealed handle outlives the provider's `expires_in`. Within it an expired handle is still
 * readable and answers `expired_token` (what RFC 8628 §3.5 tells the device); after it, the handle no
 * longer decrypts and is simply `invalid_grant`.
 */
const EXPIRED_GRACE_S = 600;

/** What a device handle carries, once opened. */
export interface DeviceHandle {
  /** Unique per handle (the JWE `jti`): the key of the poll limiter. */
  id: string;
  /** The provider id the flow was started with. */
  providerId: string;
  /** The provider's own device code; never leaves Gatehouse unencrypted. */
  deviceCode: string;
  /** Polling interval the flow started with, seconds. */
  interval: number;
  /** When the provider's device code expires, ms since the epoch. */
  expiresAt: number;
}

/**
 * Seals the provider's device code into the `device_code` Gatehouse hands the device: an encrypted
 * JWE bound to the provider id, so the device never sees the provider's value (it could otherwise
 * redeem it at the provider itself with a leaked client secret, or replay it at another provider).
 */
export function sealDeviceHandle(
  ctx: RequestContext,
  input: { providerId: string; deviceCode: string; interval: number; expiresIn: number },
): Promise<string> {
  return ctx.config.keys.encryptionKeys(HANDLE_PURPOSE).then((keys) =>
    encodeJwt({
      token: {
        pid: input.providerId,
        dc: input.deviceCode,
        int: input.interval,
        dexp: Math.floor(ctx.now / 1000) + input.expiresIn,
      },
      keys,
      maxAge: input.expiresIn + EXPIRED_GRACE_S,
      now: ctx.now,
    }),
  );
}

/**
 * Opens a handle. Tampered, sealed with another key or secret, long expired, or not of our shape:
 * `null` (a bad handle is a value, not an exception). Expiry against the provider's `expires_in` is
 * the caller's check, with `expiresAt`.
 */
export async function openDeviceHandle(ctx: RequestContext, value: string): Promise<DeviceHandle | null> {
  // A JWE compact serialization has five parts; anything else is not worth a decryption.
  if (value.length > 4096 || value.split(".").length !== 5) return null;
  const keys = await ctx.config.keys.encryptionKeys(HANDLE_PURPOSE);
  const claims = await decodeJwt({ token: value, keys, now: ctx.now });
  if (!claims) return null;
  const { jti, pid, dc, int, dexp } = claims;
  if (
    typeof jti !== "string" ||
    typeof pid !== "string" ||
    typeof dc !== "string" ||
    typeof int !== "number" ||
    typeof dexp !== "number"
  ) {
    return null;
  }
  return { id: jti, providerId: pid, deviceCode: dc, interval: int, expiresAt: dexp * 1000 };
}
