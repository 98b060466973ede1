import type { Provider } from "oidc-provider";

// The `<endpoint>.error` events oidc-provider 9 emits for errors it answers with an OAuth error
// response: expected failures (a bad code, a missing PKCE verifier), logged as one line each.
const EXPECTED_ERROR_EVENTS = [
  "authorization.error",
  "backchannel.error",
  "discovery.error",
  "end_session.error",
  "end_session_confirm.error",
  "end_session_success.error",
  "grant.error",
  "introspection.error",
  "jwks.error",
  "pushed_authorization_request.error",
  "revocation.error",
  "userinfo.error",
];

/**
 * Routes oidc-provider's error events to `log`. It always subscribes to Koa's `error` event, even
 * with a no-op `log`, because Koa prints those errors to the console when nobody listens.
 */
export function subscribeLogger(provider: Provider, log: (line: string) => void): void {
  for (const event of EXPECTED_ERROR_EVENTS) {
    provider.on(event, (_ctx, error) => log(`${event}: ${describe(error)}`));
  }
  // Unexpected failures: these are bugs, so the stack is worth printing.
  provider.on("server_error", (_ctx, error) => log(`server_error: ${stackOf(error)}`));
  provider.on("error", (error) => log(`error: ${stackOf(error)}`));
}

/** `error (description) [detail]`, from the fields oidc-provider errors carry; never a token. */
function describe(error: unknown): string {
  if (typeof error !== "object" || error === null) return String(error);
  const fields = error as { error?: unknown; error_description?: unknown; error_detail?: unknown };
  const parts = [String(fields.error ?? (error instanceof Error ? error.message : "unknown"))];
  if (typeof fields.error_description === "string") parts.push(`(${fields.error_description})`);
  if (typeof fields.error_detail === "string") parts.push(`[${fields.error_detail}]`);
  return parts.join(" ");
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
