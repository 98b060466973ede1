// Tests only: a Gatehouse with one credentials user, and a client that behaves like a browser
// against `app.request()` (no server).
import { Credentials, type Gatehouse, type GatehouseOptions, gatehouse } from "@gatehouse/core";

/** What a test needs of a Hono app, whatever its Env. */
interface App {
  request(input: string, init: RequestInit): Response | Promise<Response>;
}

export const ORIGIN = "http://localhost:3000";
export const SESSION = "gatehouse.session-token";
export const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.test" };

export function createAuth(options: Partial<GatehouseOptions> = {}): Gatehouse {
  return gatehouse({
    ...options,
    secret: "hono-adapter-secret-hono-adapter-secret-0123456789",
    url: `${ORIGIN}/api/auth`,
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: (c) => (c.username === "ada" && c.password === "pw" ? ada : null),
      }),
    ],
    logger: { error: () => {}, warn: () => {} },
  });
}

/** A browser for one app: cookies kept and sent, redirects not followed. */
export class Browser {
  readonly #cookies = new Map<string, string>();

  readonly app: App;

  constructor(app: App) {
    this.app = app;
  }

  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  async request(
    path: string,
    init: { method?: string; body?: string; type?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      origin: ORIGIN,
      ...init.headers,
    };
    if (init.type) headers["content-type"] = init.type;
    const response = await this.app.request(`${ORIGIN}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";", 1);
      const at = pair.indexOf("=");
      if (/max-age=0/i.test(line)) this.#cookies.delete(pair.slice(0, at));
      else this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async csrfToken(): Promise<string> {
    return ((await (await this.request("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }

  /** Signs Ada in with the credentials form (or its JSON twin). */
  async signIn(as: "form" | "json" = "form", callbackUrl?: string): Promise<Response> {
    const fields: Record<string, string> = {
      csrfToken: await this.csrfToken(),
      username: "ada",
      password: "pw",
      ...(callbackUrl ? { callbackUrl } : {}),
    };
    return as === "form"
      ? this.request("/api/auth/callback/credentials", {
          body: new URLSearchParams(fields).toString(),
          type: "application/x-www-form-urlencoded",
        })
      : this.request("/api/auth/callback/credentials", {
          body: JSON.stringify({ ...fields, json: true }),
          type: "application/json",
        });
  }

  async sessionUser(): Promise<unknown> {
    const response = await this.request("/api/auth/session");
    return ((await response.json()) as { user?: unknown }).user ?? null;
  }

  async signOut(): Promise<Response> {
    return this.request("/api/auth/signout", {
      body: new URLSearchParams({ csrfToken: await this.csrfToken() }).toString(),
      type: "application/x-www-form-urlencoded",
    });
  }
}
