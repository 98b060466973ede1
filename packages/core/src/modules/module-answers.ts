import type { ModuleAnswer } from "./module.ts";

/**
 * A module endpoint's JSON answer: `body` with `status` (default 200). Sent with `Cache-Control:
 * no-store`, and the cookies the request collected.
 */
export function json(body: unknown, status = 200): ModuleAnswer {
  return { type: "json", body, status };
}

/**
 * A module endpoint's redirect (302 to `url`; a client in JSON mode gets `{url}`). Only to the app's
 * own origin: take a URL the person gave through `callbackUrl` first.
 */
export function redirect(url: string): ModuleAnswer {
  return { type: "redirect", url };
}
