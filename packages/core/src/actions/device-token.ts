import { stillAt } from "../accounts/security-generation.ts";
import { askSignInCallback } from "../accounts/sign-in-callback.ts";
import { storedUser } from "../accounts/stored-user.ts";
import { reportSignIn } from "../audit/report-sign-in.ts";
import type { Account } from "../config/options.ts";
import { type DeviceHandle, openDeviceHandle } from "../device/device-handle.ts";
import { deviceProvider } from "../device/device-provider.ts";
import type { DeviceSignIn } from "../device/lib/device-token.ts";
import { isAuthError } from "../errors/auth-error.ts";
import { isFailure } from "../errors/failure.ts";
import { oauthError } from "../http/oauth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import type { RouteOf } from "./endpoint.ts";
import { userDisabled } from "./lib/complete-sign-in.ts";
import { twoFactorOn } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST device-token/<id>` with `device_code`: one poll (RFC 8628 §3.4). Answers like a token
 * endpoint: a §3.5 error as JSON 400, or `{ session_token, token_type: "Bearer", expires }` once the
 * person has signed in at the provider. A device polling faster than its interval gets `slow_down`
 * without the provider being asked.
 */
export async function deviceTokenAction(
  ctx: RequestContext,
  { providerId }: RouteOf<"device-token", "required">,
  deps: Services,
): Promise<Outcome> {
  const provider = deviceProvider(ctx, providerId);
  const raw = ctx.body.device_code;
  if (raw === undefined || raw === "") return oauthError("DeviceCodeMissing");
  const handle = await openDeviceHandle(ctx, raw);
  // Sealed for another provider: refused, or a code could be replayed where it was never issued.
  if (!handle || handle.providerId !== provider.id) return oauthError("DeviceCodeInvalid");
  const { limiter } = deps.device;
  if (handle.expiresAt <= ctx.now) {
    limiter.forget(handle.id);
    return oauthError("DeviceCodeExpired");
  }
  const admission = limiter.admit(handle.id, {
    interval: handle.interval,
    expiresAt: handle.expiresAt,
    now: ctx.now,
  });
  if (!admission.admitted) return oauthError("SlowDown", { interval: admission.interval });

  const result = await deps.device.poll(provider, handle.deviceCode);
  if (!isFailure(result)) {
    limiter.forget(handle.id);
    return signIn(ctx, deps, { provider, handle, result });
  }
  switch (result.error) {
    case "AuthorizationPending":
      return oauthError("AuthorizationPending");
    case "SlowDown": {
      const interval = limiter.slowDown(handle.id, {
        interval: handle.interval,
        expiresAt: handle.expiresAt,
        now: ctx.now,
        ...(result.interval !== undefined ? { providerInterval: result.interval } : {}),
      });
      return oauthError("SlowDown", { interval });
    }
    case "DeviceCodeExpired":
    case "DeviceAccessDenied":
    case "DeviceCodeInvalid":
      limiter.forget(handle.id);
      return oauthError(result.error);
  }
}

/**
 * The end of a browser sign-in, minus the redirects: the `signIn` callback, the same user and account
 * resolution, then a session handed over as a bearer token instead of a cookie.
 */
async function signIn(
  ctx: RequestContext,
  services: Services,
  input: {
    provider: OAuthProviderConfig;
    handle: DeviceHandle;
    result: DeviceSignIn;
  },
): Promise<Outcome> {
  const { provider, result } = input;
  const account: Account = {
    ...result.tokens,
    provider: provider.id,
    type: provider.type,
    providerAccountId: result.user.id,
  };
  const signingIn = { provider, user: result.user, account, profile: result.profile };
  // A URL from the callback means "send the person elsewhere": a device has nowhere to go, so it is a
  // refusal like `false`.
  if ((await askSignInCallback(ctx, signingIn)) !== true) return oauthError("DeviceAccessDenied");
  // A device sign-in never links to a session the poll may carry: the device is not the browser in
  // which someone is signed in, and the poll is not CSRF-checked.
  const { user, isNewUser, generation } = await storedUser(ctx, signingIn, async () => null, services);
  if (!isNewUser && (await userDisabled(ctx, user.id))) {
    ctx.config.logger.warn("SignInRefusedDisabled", { userId: user.id });
    return oauthError("DeviceAccessDenied");
  }
  // The second step needs a browser the device does not have, and a sign-in that skipped it would
  // make the provider's password alone enough: a user with two-factor on signs in on devices by a
  // browser session instead (documented in docs/two-factor.md).
  if (!isNewUser && (await twoFactorOn(ctx, user.id))) {
    ctx.config.logger.warn("TwoFactorDeviceSignInRefused", { userId: user.id });
    return oauthError("DeviceAccessDenied");
  }
  const signedIn = { user, account, profile: result.profile, isNewUser };
  let issued: Awaited<ReturnType<Services["sessions"]["create"]>>;
  try {
    // Kept only if no security change (the owner claiming the account) committed since it was resolved.
    issued = await services.sessions.create(
      ctx,
      signedIn,
      "bearer",
      stillAt(ctx.config.adapter, user.id, generation),
    );
  } catch (error) {
    if (isAuthError(error) && error.code === "AccountChanged") return oauthError("DeviceAccessDenied");
    throw error;
  }
  if (!issued) return oauthError("DeviceAccessDenied");
  await reportSignIn(ctx, { user, account, profile: result.profile, isNewUser }, null);
  return json({ session_token: issued.token, token_type: "Bearer", expires: issued.expires.toISOString() });
}
