/** What the CLI needs from its surroundings; injected so tests control the network and time. */
export interface CliIo {
  fetch: typeof fetch;
  /** Waits `ms` milliseconds (polls are spaced with it). */
  sleep: (ms: number) => Promise<void>;
  /** Current time, ms since the epoch. */
  now: () => number;
  /** Results (stdout). */
  out: (line: string) => void;
  /** Instructions and errors for the person (stderr). */
  err: (line: string) => void;
}

/** How a sign-in ended; each has its own exit code. */
export type SignInOutcome =
  | { status: "signed-in"; token: string; expires: string; session: Record<string, unknown> }
  | { status: "denied" }
  | { status: "expired" }
  | { status: "failed"; reason: string };

/** RFC 8628 §3.5: every `slow_down` adds 5 seconds. */
const SLOW_DOWN_STEP_S = 5;
/** One request to the app never waits longer than this. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The device side of RFC 8628 against a Gatehouse app: `POST device/<provider>`, show the person the
 * code and URL, poll `device-token/<provider>` at the interval (longer after `slow_down`) until a
 * session token, access denied or expiry, then read `GET session` with the token.
 *
 * @example const outcome = await deviceSignIn({ url: "http://localhost:3000/api/auth", provider: "dev", io })
 */
export async function deviceSignIn(input: {
  url: string;
  provider: string;
  io: CliIo;
}): Promise<SignInOutcome> {
  const { io } = input;
  const base = input.url.replace(/\/+$/, "");
  const provider = encodeURIComponent(input.provider);
  const started = await call(io, `${base}/device/${provider}`, { method: "POST", form: {} });
  if (!started.ok) return { status: "failed", reason: describe(started) };
  const start = started.body;
  if (
    typeof start.device_code !== "string" ||
    typeof start.user_code !== "string" ||
    typeof start.verification_uri !== "string"
  ) {
    return {
      status: "failed",
      reason: "the app's answer to the device request is not a device authorization",
    };
  }
  const expiresIn = typeof start.expires_in === "number" ? start.expires_in : 600;
  let interval = typeof start.interval === "number" && start.interval > 0 ? start.interval : 5;
  const deadline = io.now() + expiresIn * 1000;

  io.err(`To sign in, open ${start.verification_uri} and enter the code ${start.user_code}`);
  if (typeof start.verification_uri_complete === "string") {
    io.err(`(or open ${start.verification_uri_complete})`);
  }
  io.err(`Waiting for you to finish signing in (the code expires in ${Math.round(expiresIn / 60)} min)…`);

  for (;;) {
    await io.sleep(interval * 1000);
    if (io.now() >= deadline) return { status: "expired" };
    const polled = await call(io, `${base}/device-token/${provider}`, {
      method: "POST",
      form: { device_code: start.device_code },
    });
    if (polled.ok) {
      const token = polled.body.session_token;
      if (typeof token !== "string") return { status: "failed", reason: "the app answered no session token" };
      const session = await call(io, `${base}/session`, { method: "GET", token });
      if (!session.ok) return { status: "failed", reason: describe(session) };
      return { status: "signed-in", token, expires: String(polled.body.expires), session: session.body };
    }
    switch (polled.body.error) {
      case "authorization_pending":
        continue;
      case "slow_down":
        interval =
          typeof polled.body.interval === "number" && polled.body.interval > interval
            ? polled.body.interval
            : interval + SLOW_DOWN_STEP_S;
        continue;
      case "access_denied":
        return { status: "denied" };
      case "expired_token":
        return { status: "expired" };
      default:
        return { status: "failed", reason: describe(polled) };
    }
  }
}

type Answer =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number; body: Record<string, unknown> };

async function call(
  io: CliIo,
  url: string,
  init: { method: "GET" | "POST"; form?: Record<string, string>; token?: string },
): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  let response: Response;
  try {
    response = await io.fetch(url, {
      method: init.method,
      headers,
      ...(init.form !== undefined ? { body: new URLSearchParams(init.form).toString() } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      status: 0,
      body: { error: "network", message: `${url} could not be reached: ${reason}` },
    };
  }
  const body: unknown = await response.json().catch(() => null);
  const object =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return { ok: response.status === 200 && body !== null, status: response.status, body: object };
}

function describe(answer: Answer): string {
  const { error, message, error_description } = answer.body;
  const detail = [error, message ?? error_description].filter((part) => typeof part === "string").join(": ");
  return detail === "" ? `the app answered HTTP ${answer.status}` : `${detail} (HTTP ${answer.status})`;
}
