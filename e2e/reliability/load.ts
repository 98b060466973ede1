// What people do with the app while a fault is on: read their session, fetch a CSRF token, sign up and
// sign in. Every answer is recorded with how long it took, for the suite to judge.
import { request } from "node:http";

/** One answer (or the lack of one) the load got. */
export interface Answer {
  /** What was asked, e.g. `GET /api/auth/session`. */
  what: string;
  /** The fault phase it was asked in. */
  phase: string;
  /** The HTTP status, or 0 when no answer came (refused, reset, or no answer within 15 s). */
  status: number;
  ms: number;
  /** The catalogue code the answer carries (JSON `error`, `?error=` of a redirect, the error page's), if any. */
  code: string | null;
  /** The Location of a redirect. */
  location: string | null;
  /** Why there was no answer, for status 0. */
  failure?: string;
}

interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Longer than any answer may take: a request still open after it counts as no answer at all. */
const GIVE_UP_MS = 15_000;

/**
 * One HTTP request to the app, from `localAddress` when given (an address of 127/8: each is a client
 * of its own to the rate limits, as many people signing up would be).
 */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? "GET",
        headers: {
          connection: "close",
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { "content-length": String(Buffer.byteLength(options.body)) }),
        },
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        timeout: GIVE_UP_MS,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${GIVE_UP_MS} ms`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, over `jar`. */
export function storeCookies(jar: Map<string, string>, response: Response): void {
  const lines = response.headers["set-cookie"] ?? [];
  for (const line of Array.isArray(lines) ? lines : [lines]) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    const value = pair.slice(at + 1).trim();
    if (value === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, at).trim());
    else jar.set(pair.slice(0, at).trim(), value);
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The catalogue code an answer carries: JSON `{ error }`, a redirect's `?error=`, or the error page's. */
function codeOf(response: Response): string | null {
  const location = headerOf(response, "location");
  if (location) return new URL(location, "http://x").searchParams.get("error");
  try {
    const json = JSON.parse(response.body) as { error?: unknown };
    if (typeof json?.error === "string") return json.error;
  } catch {}
  return /\b(StorageUnavailable|RateLimited)\b/.exec(response.body)?.[1] ?? null;
}

function headerOf(response: Response, name: string): string | null {
  const value = response.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The load: loops of requests that record every answer, in the phase the suite says it is. */
export class Load {
  readonly answers: Answer[] = [];
  phase = "start";
  /** Requests asked and not yet answered, by the phase they were asked in. */
  private readonly inFlight = new Map<string, number>();
  private running = false;
  private loops: Promise<void>[] = [];
  private client = 0;
  private readonly url: string;
  private readonly sessionCookie: string;
  private readonly demo: { email: string; password: string };
  private readonly rotateAddresses: boolean;

  constructor(options: {
    url: string;
    sessionCookie: string;
    demo: { email: string; password: string };
    rotateAddresses: boolean;
  }) {
    this.url = options.url;
    this.sessionCookie = options.sessionCookie;
    this.demo = options.demo;
    this.rotateAddresses = options.rotateAddresses;
  }

  /** The signed-in demo account's cookies, as the session loops send them. */
  get sessionCookieHeader(): string {
    return this.sessionCookie;
  }

  /** Emails whose sign-up was answered as a success: each must have its user and password rows. */
  readonly signedUp: string[] = [];

  start(): void {
    this.running = true;
    this.loops = [
      this.loop(() => this.session()),
      this.loop(() => this.session()),
      this.loop(() => this.csrf()),
      this.loop(() => this.signUp()),
      this.loop(() => this.signIn()),
    ];
  }

  /**
   * Resolves once every request asked in one of `phases` has its answer (or gave up): a slow answer
   * must be judged with its phase, not after it.
   */
  async settled(phases: string[]): Promise<void> {
    while (phases.some((phase) => (this.inFlight.get(phase) ?? 0) > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(step: () => Promise<void>): Promise<void> {
    while (this.running) {
      await step();
      // Answers during a fault come at once: a breath keeps a loop from spinning the two cores.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Records one request's answer; the response, or null when none came. */
  private async timed(
    what: string,
    path: string,
    options: Parameters<typeof send>[1] = {},
  ): Promise<Response | null> {
    const phase = this.phase;
    const started = performance.now();
    this.inFlight.set(phase, (this.inFlight.get(phase) ?? 0) + 1);
    try {
      const response = await send(`${this.url}${path}`, options);
      this.answers.push({
        what,
        phase,
        status: response.status,
        ms: performance.now() - started,
        code: codeOf(response),
        location: headerOf(response, "location"),
      });
      return response;
    } catch (error) {
      this.answers.push({
        what,
        phase,
        status: 0,
        ms: performance.now() - started,
        code: null,
        location: null,
        failure: error instanceof Error ? error.message : String(error),
      });
      return null;
    } finally {
      this.inFlight.set(phase, (this.inFlight.get(phase) ?? 1) - 1);
    }
  }

  private async session(): Promise<void> {
    await this.timed("GET /api/auth/session (signed in)", "/api/auth/session", {
      headers: { cookie: this.sessionCookie },
    });
  }

  private async csrf(): Promise<void> {
    await this.timed("GET /api/auth/csrf", "/api/auth/csrf");
  }

  /** A fresh client address (127.0.x.y), or none when the machine has only 127.0.0.1. */
  private address(): string | undefined {
    if (!this.rotateAddresses) return undefined;
    this.client++;
    return `127.0.${Math.floor(this.client / 250) + 1}.${(this.client % 250) + 1}`;
  }

  /** The CSRF cookie and token, as a browser gets them before a form post. */
  private async csrfFor(localAddress: string | undefined) {
    const jar = new Map<string, string>();
    const csrf = await this.timed(
      "GET /api/auth/csrf (before a form)",
      "/api/auth/csrf",
      localAddress ? { localAddress } : {},
    );
    if (csrf === null || csrf.status !== 200) return null;
    storeCookies(jar, csrf);
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    return { jar, csrfToken };
  }

  private async post(what: string, path: string, fields: Record<string, string>): Promise<Response | null> {
    const localAddress = this.address();
    const form = await this.csrfFor(localAddress);
    if (form === null) return null;
    return this.timed(what, path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookieHeader(form.jar),
        origin: this.url,
      },
      body: new URLSearchParams({ csrfToken: form.csrfToken, ...fields }).toString(),
      ...(localAddress ? { localAddress } : {}),
    });
  }

  private async signUp(): Promise<void> {
    const email = `rel-${crypto.randomUUID()}@example.test`;
    const response = await this.post("POST /api/auth/signup", "/api/auth/signup", {
      email,
      password: "correct horse battery staple",
      name: "Reliability",
      callbackUrl: `${this.url}/protected`,
    });
    if (response && response.status === 302 && codeOf(response) === null) this.signedUp.push(email);
  }

  private async signIn(): Promise<void> {
    await this.post("POST /api/auth/callback/password", "/api/auth/callback/password", {
      email: this.demo.email,
      password: this.demo.password,
      callbackUrl: `${this.url}/protected`,
    });
  }
}
