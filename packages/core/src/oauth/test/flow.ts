import { AuthError } from "../../errors/auth-error.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import type { OAuthCheckValues } from "../checks.ts";
import { type CompleteAuthorizationResult, completeAuthorization } from "../complete-authorization.ts";
import { createDiscoveryCache, type DiscoveryCache } from "../discovery-cache.ts";
import { createOAuthRuntime, type OAuthRuntime } from "../runtime.ts";
import { startAuthorization } from "../start-authorization.ts";
import type { FakeOidcServer } from "./fake-oidc-server.ts";

export const REDIRECT_URI = "http://localhost:3000/api/auth/callback/fake";

/** An OIDC provider config pointing at the fake. */
export function fakeProvider(
  fake: FakeOidcServer,
  overrides: Partial<OAuthProviderConfig> = {},
): OAuthProviderConfig {
  return {
    id: "fake",
    name: "Fake",
    type: "oidc",
    issuer: fake.issuer,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    ...overrides,
  };
}

export interface SignInContext {
  runtime: OAuthRuntime;
  discovery: DiscoveryCache;
  checks: OAuthCheckValues;
  /** The callback parameters the provider sent the browser back with. */
  params: URLSearchParams;
  authorizationUrl: URL;
}

/** Starts a sign-in and lets the fake's authorization endpoint answer, as a browser would. */
export async function signInAtFake(
  provider: OAuthProviderConfig,
  options: { runtime?: Partial<OAuthRuntime>; extraParams?: Record<string, string> } = {},
): Promise<SignInContext> {
  const runtime = createOAuthRuntime(options.runtime);
  const discovery = createDiscoveryCache();
  const { url, checks } = await startAuthorization(provider, {
    redirectUri: REDIRECT_URI,
    extraParams: options.extraParams ?? {},
    runtime,
    discovery,
  });
  const answer = await fetch(url, { redirect: "manual" });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || location === null) throw new Error(`authorize answered ${answer.status}`);
  const back = new URL(location);
  return { runtime, discovery, checks, params: back.searchParams, authorizationUrl: new URL(url) };
}

/** Finishes a sign-in started with `signInAtFake`, optionally with some of its pieces replaced. */
export function completeAtFake(
  provider: OAuthProviderConfig,
  ctx: SignInContext,
  changes: Partial<SignInContext> = {},
): Promise<CompleteAuthorizationResult> {
  const { params, checks, runtime, discovery } = { ...ctx, ...changes };
  return completeAuthorization(provider, { redirectUri: REDIRECT_URI, params, checks, runtime, discovery });
}

/**
 * An `assert.rejects` validator: an AuthError with this code and, when given, a cause matching the
 * pattern — so each test fails for its own reason, not an unrelated one.
 */
export const authError = (code: string, cause?: RegExp) => (error: unknown) =>
  error instanceof AuthError &&
  error.code === code &&
  (cause === undefined || cause.test(JSON.stringify(error.cause)));
