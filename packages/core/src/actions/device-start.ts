import { sealDeviceHandle } from "../device/device-handle.ts";
import { deviceProvider } from "../device/device-provider.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/**
 * `POST device/<id>`: starts a device sign-in at the provider (RFC 8628 §3.1) and answers the device
 * authorization response of §3.2 — with our sealed handle as `device_code`, never the provider's.
 *
 * @example
 * // POST /api/auth/device/dev  →  { device_code, user_code, verification_uri, expires_in, interval }
 */
export async function deviceStartAction(
  ctx: RequestContext,
  { providerId }: RouteOf<"device", "required">,
  { device }: Services,
): Promise<Outcome> {
  const provider = deviceProvider(ctx, providerId);
  const started = await device.start(provider);
  const handle = await sealDeviceHandle(ctx, {
    providerId: provider.id,
    deviceCode: started.deviceCode,
    interval: started.interval,
    expiresIn: started.expiresIn,
  });
  return json({
    device_code: handle,
    user_code: started.userCode,
    verification_uri: started.verificationUri,
    ...(started.verificationUriComplete !== undefined
      ? { verification_uri_complete: started.verificationUriComplete }
      : {}),
    expires_in: started.expiresIn,
    interval: started.interval,
  });
}
