import { type BroadcastTrigger, openChannel } from "../lib/broadcast.ts";
import { isRecord } from "../lib/is-record.ts";
import { assignLocation, currentHref } from "../lib/location.ts";
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

interface Reply {
  status: number;
  ok: boolean;
  body: unknown;
}

// `{}` means signed out. A session must carry `expires` (docs/protocol.md §2): a 200 error body such
// as `{"message":"…"}` from a proxy is then not mistaken for a session (fail closed, GHSA-8fpg-xm3f-6cx3).
function toSession(body: unknown): Session | null {
  return isRecord(body) && typeof body.expires === "string" ? (body as Session) : null;
}

// The `?error=` code of a URL. A regex rather than `new URL`, which throws on odd input.
function errorOf(url: string): string | null {
  return new URLSearchParams(url.replace(/^[^?#]*\??|#.*/g, "")).get("error");
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
  const doFetch = options.fetch ?? fetch;
  const endpoint = baseUrl.replace(/\/$/, "") + basePath;

  async function call(path: string, init?: RequestInit): Promise<Reply> {
    let status = 0;
    try {
      const response = await doFetch(endpoint + path, init);
      status = response.status;
      return { status, ok: response.ok, body: await response.json() };
    } catch {
      // A network failure or a non-JSON answer (an HTML error page, a proxy's 502) is never data.
      return { status, ok: false, body: null };
    }
  }

  async function read(path: string): Promise<Record<string, unknown> | null> {
    const reply = await call(path);
    return reply.ok && isRecord(reply.body) ? reply.body : null;
  }

  const getCsrfToken = async () => {
    const body = await read("/csrf");
    return typeof body?.csrfToken === "string" ? body.csrfToken : null;
  };

  // The server's answer becomes a result; `ok` needs a 2xx, a URL and no `?error=` (fail closed:
  // Auth.js v4 answers some failures with 200).
  function finish(
    status: number,
    ok: boolean,
    url: string | null,
    redirect: boolean,
    trigger?: BroadcastTrigger,
  ): AuthResult {
    const error = (url && errorOf(url)) || (ok && url ? null : "Default");
    if (!error && trigger) {
      // Tells the other tabs, and this tab's SessionProvider, to read the session again.
      const channel = openChannel(globalThis);
      channel.post(trigger);
      channel.close();
    }
    if (redirect && url) navigate(url);
    return { ok: !error, status, error, url: error ? null : url };
  }

  async function post(
    path: string,
    fields: Record<string, unknown>,
    redirect: boolean,
    trigger?: BroadcastTrigger,
  ): Promise<AuthResult> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) body.set(name, String(value));
    }
    body.set("csrfToken", (await getCsrfToken()) ?? "");
    body.set("json", "true");
    const reply = await call(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    });
    const url = isRecord(reply.body) && typeof reply.body.url === "string" ? reply.body.url : null;
    return finish(reply.status, reply.ok, url, redirect, trigger);
  }

  return {
    endpoint,
    navigate,
    getCsrfToken,
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
        body: JSON.stringify({ csrfToken: await getCsrfToken(), data }),
      });
      return reply.ok ? toSession(reply.body) : null;
    },
  };
}
