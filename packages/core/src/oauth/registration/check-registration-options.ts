import type { Adapter } from "../../adapter/adapter.ts";
import { ConfigError } from "../../errors/config-error.ts";
import type { ProviderConfig } from "../../providers/types.ts";

const REGISTRATION_METHODS = ["getClientRegistration", "createClientRegistration"] as const;
const LOGOUT_METHODS = ["getUserByAccount", "deleteSessionsByUserId"] as const;

/**
 * Start-up checks for `registration`, `endSession` and `backchannelLogout`: each misuse throws a
 * `TypeError` that says how to fix it, so nothing fails later in the middle of a sign-in.
 */
export function checkRegistrationAndLogout(
  provider: ProviderConfig,
  storage: { adapter: Adapter | undefined; strategy: "jwt" | "database" | undefined },
): void {
  const { adapter } = storage;
  if (provider.type !== "oidc" && provider.type !== "oauth") return;
  const name = `Gatehouse: provider "${provider.id}"`;
  const { registration } = provider;
  if (registration !== undefined) {
    if (provider.type !== "oidc" || !provider.issuer) {
      throw new ConfigError(`${name}: \`registration\` needs an OIDC provider with an issuer (use OIDC()).`);
    }
    if (provider.clientId || provider.clientSecret) {
      throw new ConfigError(
        `${name} has both a client id/secret and \`registration\`: remove one (registration stores its own).`,
      );
    }
    if (typeof registration !== "object" || registration === null) {
      throw new ConfigError(`${name}: \`registration\` must be an object, e.g. \`registration: {}\`.`);
    }
    if (
      registration.initialAccessToken !== undefined &&
      typeof registration.initialAccessToken !== "string"
    ) {
      throw new ConfigError(`${name}: registration.initialAccessToken must be a string.`);
    }
    const missing = REGISTRATION_METHODS.filter((m) => typeof adapter?.[m] !== "function");
    if (missing.length > 0) {
      throw new ConfigError(
        `${name}: \`registration\` stores the registered client and needs an adapter with ${missing.join(", ")} (e.g. @gatehouse/sql, schema version 2).`,
      );
    }
  }
  const endSession = provider.endSession;
  if (typeof endSession === "object" && endSession !== null && endSession.postLogoutRedirect !== undefined) {
    // Only the shape is checked here; the origin is checked per request, like every callback URL.
    const target: unknown = endSession.postLogoutRedirect;
    const shaped =
      typeof target === "string" &&
      ((target.startsWith("/") && !target.startsWith("//")) || /^https?:\/\//.test(target));
    if (!shaped) {
      throw new ConfigError(
        `${name}: endSession.postLogoutRedirect must be a path starting with / or an http(s) URL.`,
      );
    }
  }
  if (endSession && typeof adapter?.getAccountByUserId !== "function") {
    throw new ConfigError(
      `${name}: \`endSession\` sends the ID token stored at sign-in and needs an adapter with getAccountByUserId (e.g. @gatehouse/sql).`,
    );
  }
  if (provider.backchannelLogout) {
    if (provider.type !== "oidc") {
      throw new ConfigError(`${name}: \`backchannelLogout\` needs an OIDC provider (use OIDC()).`);
    }
    // Under the jwt strategy a session lives only in the browser's cookie: the server has nothing it
    // could end, so accepting logout tokens would pretend a logout that never happens.
    const strategy = storage.strategy ?? (adapter ? "database" : "jwt");
    const missing = LOGOUT_METHODS.filter((m) => typeof adapter?.[m] !== "function");
    if (strategy !== "database" || missing.length > 0) {
      throw new ConfigError(
        `${name}: \`backchannelLogout\` ends server-side sessions: it needs the database session strategy and an adapter with ${LOGOUT_METHODS.join(", ")} (e.g. @gatehouse/sql).`,
      );
    }
  }
}
