import { errorCatalogue, type OAuthErrorCode } from "../errors/catalogue.ts";
import { json, type Outcome } from "./outcome.ts";

/**
 * The answer of an OAuth-style endpoint (device-token, backchannel-logout) for a catalogue code: RFC
 * 6749 §5.2 JSON `{ error, error_description }` with the code's status, the wire values taken from the
 * catalogue. `interval` is RFC 8628 §3.5's extra member of a `slow_down`.
 *
 * @example return oauthError("SlowDown", { interval: 10 }) // 400 {"error":"slow_down",…,"interval":10}
 */
export function oauthError(code: OAuthErrorCode, extra?: { interval?: number }): Outcome {
  const { status, oauth } = errorCatalogue[code];
  const body: Record<string, unknown> = { error: oauth.error };
  if (oauth.description !== null) body.error_description = oauth.description;
  if (extra?.interval !== undefined) body.interval = extra.interval;
  return json(body, status);
}
