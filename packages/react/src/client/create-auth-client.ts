import { type BroadcastTrigger, broadcast } from "../lib/broadcast.ts";
import { errorOf } from "../lib/error-of.ts";
import { isRecord } from "../lib/is-record.ts";
import { assignLocation, currentHref } from "../lib/location.ts";
import { createTransport } from "../lib/transport.ts";
import { createPasswordActions } from "./password-actions.ts";
import type {
  AuthClient,
  AuthorizationParams,
  AuthResult,
  ProviderMap,
  Session,
  SignInOptions,
  SignOutOptions,
} from "./types.ts";

/** Options of `createAuthClient`. */
export interface AuthClientOptions {
  /** Path of the auth endpoint; default `/api/auth`. */
  basePath?: string;
  /** Origin to prefix, needed outside a browser, e.g. `http://localhost:3000`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called with the URL to go to; default: `window.location.assign` in a browser, nothing elsewhere. */
  navigate?: (url: string) => void;
}

// `{}` means signed out. A session must carry `expires` (docs/protocol.md §2): a 200 error body such
// as `{"message":"…"}` from a proxy is then not mistaken for a session (fail closed, GHSA-8fpg-xm3f-6cx3).
function toSession(body: unknown): Session | null {
  return isRecord(body) && typeof body.expires === "string" ? (body as Session) : null;
}

function query(params: AuthorizationParams): string {
  const search = new URLSearchParams(params).toString();
  return search && `?${search}`;
}

/**
 * Creates a client for an Auth.js-compatible endpoint (docs/protocol.md §10).
 * @example const { signIn, getSession } = createAuthClient({ basePath: "/auth" });
 */
export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const { basePath = "/api/auth", baseUrl = "", navigate = assignLocation } = options;
  const endpoint = baseUrl.replace(/\/$/, "") + basePath;
  const transport = createTransport(endpoint, options.fetch ?? fetch);
  const { call, read } = transport;

  // The server's answer becomes a result; `ok` needs a 2xx, a URL and no `?error=` (fail closed:
  // Auth.js v4 answers some failures with 200). A sign-in the server sends to the second step
  // (`twoFactorRequired` in its answer) is not done yet: `TwoFactorRequired`, and `url` is that page.
  function finish(
    status: number,
    ok: boolean,
    url: string | null,
    redirect: boolean,
    trigger?: BroadcastTrigger,
    secondStep?: boolean,
  ): AuthResult {
    const error =
      (url && errorOf(url)) || (ok && url ? (secondStep ? "TwoFactorRequired" : null) : "Default");
    if (!error && trigger) broadcast(trigger);
    if (redirect && url) navigate(url);
    return { ok: !error, status, error, url: error && !secondStep ? null : url };
  }

  async function post(
    path: string,
    fields: Record<string, unknown>,
    redirect: boolean,
    trigger?: BroadcastTrigger,
  ): Promise<AuthResult> {
    const reply = await transport.post(path, fields);
    const body = isRecord(reply.body) ? reply.body : {};
    const url = typeof body.url === "string" ? body.url : null;
    return finish(reply.status, reply.ok, url, redirect, trigger, body.twoFactorRequired === true);
  }

  return {
    endpoint,
    navigate,
    getCsrfToken: transport.csrfToken,
    getSession: async () => toSession(await read("/session")),
    getProviders: async () => (await read("/providers")) as ProviderMap | null,

    async signIn(
      providerId?: string,
      options: SignInOptions = {},
      authorizationParams?: AuthorizationParams,
    ) {
      const { callbackUrl = currentHref(), redirect = true, ...fields } = options;
      const providers = await call("/providers");
      if (!providers.ok || !isRecord(providers.body)) {
        return finish(providers.status, false, `${endpoint}/error`, redirect);
      }
      const provider = providerId && Object.hasOwn(providers.body, providerId) && providers.body[providerId];
      if (!providerId || !isRecord(provider)) {
        const url = `${endpoint}/signin${query(callbackUrl ? { callbackUrl } : {})}`;
        return finish(providers.status, true, url, redirect);
      }
      // Credentials are checked by the callback endpoint; every other type starts its flow at signin.
      const credentials = provider.type === "credentials";
      const path = `/${credentials ? "callback" : "signin"}/${encodeURIComponent(providerId)}`;
      const params = authorizationParams ? query(authorizationParams) : "";
      return post(
        path + params,
        { ...fields, callbackUrl },
        redirect,
        credentials ? "getSession" : undefined,
      );
    },

    signOut: async ({ callbackUrl = currentHref(), redirect = true }: SignOutOptions = {}) =>
      post("/signout", { callbackUrl }, redirect, "signout"),

    async updateSession(data: unknown) {
      const reply = await call("/session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrfToken: await transport.csrfToken(), data }),
      });
      return reply.ok ? toSession(reply.body) : null;
    },

    ...createPasswordActions(transport),
  };
}
