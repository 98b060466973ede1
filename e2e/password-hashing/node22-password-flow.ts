// Run by password-hashing.test.ts on Node 22 (no argon2 in node:crypto), from the TypeScript sources:
// a Password provider with its default hasher signs a person up and in through auth.handler(Request),
// and checks a hash that Node 24's node:crypto made (GH_NODE24_HASH). Prints one JSON line.
import { gatehouse, Password, verifyPassword } from "@gatehouse/core";
import { createMemoryAdapter } from "@gatehouse/core/memory";

const BASE = "http://localhost:3000/api/auth";
const EMAIL = "ada@example.test";
const PASSWORD = process.env.GH_PASSWORD ?? "";

const adapter = createMemoryAdapter();
const auth = gatehouse({
  secret: "a-node-22-test-secret-of-at-least-32-characters",
  url: BASE,
  adapter,
  providers: [Password({ sendMail: async () => {}, requireEmailVerification: false })],
});

/** One browser's cookies, by name. */
const jar = new Map<string, string>();
async function request(path: string, form?: Record<string, string>): Promise<Response> {
  const headers = new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") });
  if (form) headers.set("content-type", "application/x-www-form-urlencoded");
  const response = await auth.handler(
    new Request(`${BASE}/${path}`, {
      method: form ? "POST" : "GET",
      headers,
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    }),
    { clientAddress: "192.0.2.22" },
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return response;
}

async function post(path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await request("csrf")).json()) as { csrfToken: string };
  return request(path, { ...fields, csrfToken, callbackUrl: "http://localhost:3000/home" });
}

const crypto = process.getBuiltinModule("node:crypto") as { argon2?: unknown };
const signUp = await post("signup", { email: EMAIL, password: PASSWORD, name: "Ada" });
const signIn = await post("callback/password", { email: EMAIL, password: PASSWORD });
const session = (await (await request("session")).json()) as { user?: { email?: string } };
const user = await adapter.getUserByEmail(EMAIL);
const stored = user ? await adapter.getPasswordHash?.(user.id) : null;
console.log(
  JSON.stringify({
    node: process.version,
    nodeCryptoArgon2: typeof crypto.argon2,
    signUp: { status: signUp.status, location: signUp.headers.get("location") },
    signIn: { status: signIn.status, location: signIn.headers.get("location") },
    sessionEmail: session.user?.email ?? null,
    stored,
    node24Hash: await verifyPassword(PASSWORD, process.env.GH_NODE24_HASH ?? ""),
    node24HashWrongPassword: await verifyPassword(`${PASSWORD}!`, process.env.GH_NODE24_HASH ?? ""),
  }),
);
