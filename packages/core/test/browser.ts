/**
 * A tiny cookie-keeping "browser" that drives a handler with Web `Request`s, for protocol tests.
 * Cookies are keyed by name only (all Gatehouse cookies are host-only with Path=/).
 */
export class TestBrowser {
  readonly jar = new Map<string, string>();
  readonly origin: string;
  readonly #handler: (request: Request) => Promise<Response>;

  constructor(handler: (request: Request) => Promise<Response>, origin = "http://localhost:3000") {
    this.#handler = handler;
    this.origin = origin;
  }

  async request(
    path: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      json?: unknown;
      body?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader());
    let body: string | undefined = init.body;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? (body !== undefined ? "POST" : "GET");
    const url = path.startsWith("http") ? path : `${this.origin}${path}`;
    const response = await this.#handler(
      new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) }),
    );
    this.store(response);
    return response;
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  /** GET csrf and return the token (the cookie lands in the jar). */
  async csrf(base = "/api/auth"): Promise<string> {
    const response = await this.request(`${base}/csrf`);
    const body = (await response.json()) as { csrfToken: string };
    return body.csrfToken;
  }
}

/** The `Set-Cookie` line for a cookie name, or undefined. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

export const SECRET = "test-secret-test-secret-test-secret-0123456789";
