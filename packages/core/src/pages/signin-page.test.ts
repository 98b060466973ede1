import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, forms, render, renderIn, tags } from "./html-test-utils.ts";
import type { PageModel, PageProvider } from "./render-page.ts";

const providers: PageProvider[] = [
  { id: "dev", name: "Dev Provider", type: "oidc" },
  { id: "github", name: "GitHub", type: "oauth" },
  { id: "mail", name: "Email", type: "email" },
  {
    id: "password",
    name: "Password",
    type: "credentials",
    credentials: {
      username: { label: "Username", autocomplete: "username", placeholder: "jsmith", required: true },
      password: { type: "password" },
    },
  },
];

function signIn(overrides: Partial<Extract<PageModel, { page: "signin" }>> = {}) {
  return render({
    page: "signin",
    providers,
    csrfToken: "csrf-123",
    callbackUrl: "http://localhost:3000/dashboard",
    error: null,
    ...overrides,
  });
}

test("one POST form per provider, each with the CSRF token and callback URL", () => {
  const page = signIn();
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Sign in<\/title>/);
  const all = forms(page.body);
  assert.deepEqual(
    all.map((form) => [form.method, form.action]),
    [
      ["post", "http://localhost:3000/api/auth/signin/dev"],
      ["post", "http://localhost:3000/api/auth/signin/github"],
      ["post", "http://localhost:3000/api/auth/signin/mail"],
      ["post", "http://localhost:3000/api/auth/callback/password"],
    ],
  );
  for (const form of all) {
    assert.deepEqual(field(form.body, "csrfToken"), { type: "hidden", name: "csrfToken", value: "csrf-123" });
    assert.equal(field(form.body, "callbackUrl")?.value, "http://localhost:3000/dashboard");
    assert.equal(field(form.body, "callbackUrl")?.type, "hidden");
  }
  const buttons = [...page.body.matchAll(/<button type="submit"[^>]*>(.*?)<\/button>/g)].map((m) => m[1]);
  assert.deepEqual(buttons, [
    "<span>Sign in with Dev Provider</span>",
    "<span>Sign in with GitHub</span>",
    "<span>Sign in with Email</span>",
    "<span>Sign in with Password</span>",
  ]);
});

test("OAuth buttons share a group; <hr> separates the groups", () => {
  const body = signIn().body;
  assert.equal(body.match(/<hr\/>/g)?.length, 2);
  const [buttons, email, credentials] = body.split("<hr/>");
  assert.equal(forms(buttons ?? "").length, 2);
  assert.equal(forms(email ?? "").length, 1);
  assert.equal(forms(credentials ?? "").length, 1);
});

test("email form: labelled, required email input, prefilled from the model", () => {
  const [, , email] = forms(signIn({ email: "ada@example.com" }).body);
  const input = field(email?.body ?? "", "email");
  assert.equal(input?.id, "input-email-for-mail-provider");
  assert.equal(input?.type, "email");
  assert.equal(input?.autocomplete, "email");
  assert.equal(input?.required, "");
  assert.equal(input?.value, "ada@example.com");
  assert.match(email?.body ?? "", /<label for="input-email-for-mail-provider">Email<\/label>/);
  assert.equal(field(forms(signIn().body)[2]?.body ?? "", "email")?.value, undefined);
});

test("credentials form: one labelled input per key, attributes passed through, defaults", () => {
  const [, , , credentials] = forms(signIn().body);
  const body = credentials?.body ?? "";
  assert.deepEqual(field(body, "username"), {
    id: "input-username-for-password-provider",
    name: "username",
    type: "text",
    placeholder: "jsmith",
    autocomplete: "username",
    required: "",
  });
  assert.deepEqual(field(body, "password"), {
    id: "input-password-for-password-provider",
    name: "password",
    type: "password",
  });
  const labels = [...body.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(labels, [
    ["input-username-for-password-provider", "Username"],
    ["input-password-for-password-provider", "password"],
  ]);
});

test("a sign-in code shows its catalogue message in an alert", () => {
  for (const code of [
    "OAuthAccountNotLinked",
    "CredentialsSignin",
    "MissingCSRF",
    "SessionRequired",
  ] as const) {
    const alerts = tags(signIn({ error: code }).body, "div").filter((div) => div.role === "alert");
    assert.equal(alerts.length, 1, code);
    assert.ok(
      signIn({ error: code }).body.includes(
        `role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue[code].message}</div>`,
      ),
      code,
    );
  }
});

test("a code that is not a sign-in code shows the generic message; no error shows no alert", () => {
  assert.match(
    signIn({ error: "Configuration" }).body,
    /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to sign in\.<\/div>/,
  );
  const unknown = signIn({ error: "NotACode" as never }).body;
  assert.match(unknown, /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to sign in\.<\/div>/);
  assert.ok(!unknown.includes("NotACode"), "an unknown code is never echoed");
  assert.doesNotMatch(signIn().body, /role="alert"/);
});

test("provider styles become validated per-provider classes; bad values are dropped", () => {
  const body = signIn({
    providers: [
      { id: "a", name: "A", type: "oauth", style: { bg: "#24292f", text: "white" } },
      { id: "b", name: "B", type: "oauth", style: { bg: "red;background:url(//x)", text: "}</style>" } },
      { id: "c", name: "C", type: "oauth", style: { logo: "https://cdn.example.com/c.svg" } },
      { id: "d", name: "D", type: "oauth", style: { logo: "javascript:alert(1)" } },
    ],
  }).body;
  assert.match(body, /\.provider-0\{--provider-bg:#24292f;--provider-text:white\}/);
  assert.doesNotMatch(body, /\.provider-1\{|url\(|<\/style>.*<\/style>/s);
  assert.match(body, /class="button provider-2"><img src="https:\/\/cdn\.example\.com\/c\.svg" alt=""\/>/);
  assert.match(body, /class="button provider-3"><span>/);
});

test("no providers: a plain message instead of an empty card", () => {
  assert.match(signIn({ providers: [] }).body, /<p>No sign-in methods are configured\.<\/p>/);
});

const password: PageProvider = { id: "pw", name: "Email and password", type: "password" };

test("password form: labelled email and current-password inputs, posted to BASE/callback/<id>", () => {
  const page = signIn({ providers: [password], email: "ada@example.com" });
  const [form, ...rest] = forms(page.body);
  assert.equal(rest.length, 0);
  assert.equal(form?.method, "post");
  assert.equal(form?.action, "http://localhost:3000/api/auth/callback/pw");
  const body = form?.body ?? "";
  assert.deepEqual(field(body, "csrfToken"), { type: "hidden", name: "csrfToken", value: "csrf-123" });
  assert.deepEqual(field(body, "callbackUrl"), {
    type: "hidden",
    name: "callbackUrl",
    value: "http://localhost:3000/dashboard",
  });
  assert.deepEqual(field(body, "email"), {
    id: "input-email-for-pw-provider",
    type: "email",
    autocomplete: "username",
    required: "",
    name: "email",
    value: "ada@example.com",
  });
  assert.deepEqual(field(body, "password"), {
    id: "input-password-for-pw-provider",
    type: "password",
    autocomplete: "current-password",
    required: "",
    name: "password",
  });
  const labels = [...body.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(labels, [
    ["input-email-for-pw-provider", "Email"],
    ["input-password-for-pw-provider", "Password"],
  ]);
  assert.match(
    body,
    /<button type="submit" class="button provider-0"><span>Sign in with Email and password<\/span>/,
  );
});

test("password form: links to forgot-password and signup carry the callback URL", () => {
  const links = tags(signIn({ providers: [password] }).body, "a").map((a) => a.href);
  const callback = encodeURIComponent("http://localhost:3000/dashboard");
  assert.deepEqual(links, [
    `http://localhost:3000/api/auth/forgot-password?callbackUrl=${callback}`,
    `http://localhost:3000/api/auth/signup?callbackUrl=${callback}`,
  ]);
  const body = signIn({ providers: [password] }).body;
  assert.match(body, /<p class="links"><a [^>]+>Forgot password\?<\/a><a [^>]+>Create an account<\/a><\/p>/);
  const bare = tags(signIn({ providers: [password], callbackUrl: "" }).body, "a").map((a) => a.href);
  assert.deepEqual(bare, [
    "http://localhost:3000/api/auth/forgot-password",
    "http://localhost:3000/api/auth/signup",
  ]);
});

test("password form is a group of its own, beside OAuth buttons and the email form", () => {
  const body = signIn({ providers: [...providers, password] }).body;
  assert.equal(body.match(/<hr\/>/g)?.length, 3);
  assert.equal(forms(body.split("<hr/>")[3] ?? "").length, 1);
});

test("password sign-in codes show their catalogue message in an alert", () => {
  for (const code of ["CredentialsSignin", "EmailNotVerified", "RateLimited"] as const) {
    const body = signIn({ providers: [password], error: code }).body;
    assert.ok(
      body.includes(
        `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue[code].message}</div>`,
      ),
      code,
    );
  }
});

test("a notice is a status message above the forms; an unknown notice shows nothing", () => {
  const reset = signIn({ providers: [password], notice: "password-reset" }).body;
  assert.match(
    reset,
    /<h1>Sign in<\/h1><div class="notice" role="status">Your password has been changed\. Sign in with your new password\.<\/div><div class="stack"><form/,
  );
  const verified = signIn({
    providers: [password],
    notice: "email-verified",
    error: "CredentialsSignin",
  }).body;
  assert.match(
    verified,
    /role="status">Your email address is verified\. You can sign in now\.<\/div><div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">/,
  );
  for (const notice of [undefined, "toString", "<b>", ""] as const) {
    const body = signIn({ providers: [password], notice: notice as never }).body;
    assert.doesNotMatch(body, /role="status"/, String(notice));
  }
});

test("each sign-in form is named after its provider, so two 'Email' fields are told apart", () => {
  const html = signIn({
    providers: [
      { id: "mail", name: "Email link", type: "email" },
      { id: "password", name: "Email and password", type: "password" },
    ],
  });
  const named = [...html.body.matchAll(/<form\b[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual(named, ["Sign in with Email link", "Sign in with Email and password"]);
});

const withPasswordAndEmail: PageProvider[] = [{ id: "mail", name: "Email", type: "email" }, password];

/** The one `script-src` nonce of a page's CSP, or undefined. */
function scriptNonce(csp: string | undefined): string | undefined {
  return /script-src 'nonce-([\w-]+)'/.exec(csp ?? "")?.[1];
}

test("passkeys off: no script, no script-src, no connect-src, no passkey button, plain autocomplete", () => {
  const page = signIn({ providers: withPasswordAndEmail });
  const csp = page.headers["Content-Security-Policy"] ?? "";
  assert.doesNotMatch(page.body, /<script|data-passkey|webauthn/);
  assert.doesNotMatch(csp, /script-src|connect-src/);
  for (const nullish of [undefined, null]) {
    assert.doesNotMatch(signIn({ providers: withPasswordAndEmail, passkeys: nullish }).body, /<script/);
  }
});

test("passkeys on: a hidden passkey part with what the script posts, shown only by the script", () => {
  const page = signIn({ providers: withPasswordAndEmail, passkeys: { signUp: false } });
  const [found] = tags(page.body, "div").filter((div) => div["data-passkey"] !== undefined);
  const { "data-messages": messages, ...part } = found ?? {};
  // The script shows a JSON answer's code in the page's language: every code a page shows.
  assert.equal(JSON.parse(messages ?? "{}").AccountDisabled, errorCatalogue.AccountDisabled.message);
  assert.deepEqual(part, {
    hidden: "",
    "data-passkey": "signin",
    "data-base": "http://localhost:3000/api/auth",
    "data-csrf-token": "csrf-123",
    "data-callback-url": "http://localhost:3000/dashboard",
    "data-failure": errorCatalogue.PasskeyInvalid.message,
  });
  // A plain button (not a submit: it belongs to no form), before the other ways to sign in.
  assert.match(
    page.body,
    /<h1>Sign in<\/h1><div hidden="" data-passkey="signin"[^>]*><div class="stack"><button type="button" class="button">Sign in with a passkey<\/button><\/div><hr\/><\/div><div class="stack"><form/,
  );
  assert.doesNotMatch(page.body, /href="[^"]*passkey-signup/);
});

test("passkeys on: the email fields offer passkeys in their autofill (autocomplete … webauthn)", () => {
  const body = signIn({ providers: withPasswordAndEmail, passkeys: { signUp: false } }).body;
  const [email, passwordForm] = forms(body);
  assert.equal(field(email?.body ?? "", "email")?.autocomplete, "email webauthn");
  assert.equal(field(passwordForm?.body ?? "", "email")?.autocomplete, "username webauthn");
  assert.equal(field(passwordForm?.body ?? "", "password")?.autocomplete, "current-password");
});

test("passkeys on: one inline script whose nonce is the CSP's; default-src 'none' and the rest kept", () => {
  const page = signIn({ providers: withPasswordAndEmail, passkeys: { signUp: true } });
  const csp = page.headers["Content-Security-Policy"] ?? "";
  const nonce = scriptNonce(csp);
  assert.ok(nonce);
  assert.equal(
    csp,
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' https: data:; base-uri 'none'; frame-ancestors 'none'`,
  );
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|strict-dynamic|\shttps?:\/\//);
  const scripts = tags(page.body, "script");
  assert.deepEqual(scripts, [{ nonce }]);
  assert.equal(page.body.match(/<script/g)?.length, 1);
  // The script is last in <body>, after the content it enhances, and holds no request data.
  assert.match(
    page.body,
    /<\/main><script nonce="[\w-]+">\(\(\) => \{[\s\S]*\}\)\(\);\n<\/script><\/body><\/html>$/,
  );
  assert.ok(!page.body.slice(page.body.indexOf("<script")).includes("csrf-123"));
  // A new response, a new nonce.
  const again = signIn({ providers: withPasswordAndEmail, passkeys: { signUp: true } });
  assert.notEqual(scriptNonce(again.headers["Content-Security-Policy"]), nonce);
  assert.equal(tags(again.body, "script")[0]?.nonce, scriptNonce(again.headers["Content-Security-Policy"]));
});

test("passkey sign-up on: a link to it beside the passkey button, with the callback URL", () => {
  const body = signIn({ providers: withPasswordAndEmail, passkeys: { signUp: true } }).body;
  const callback = encodeURIComponent("http://localhost:3000/dashboard");
  assert.match(
    body,
    new RegExp(
      `<button type="button" class="button">Sign in with a passkey</button><p class="links"><a href="http://localhost:3000/api/auth/passkey-signup\\?callbackUrl=${callback}">Create an account with a passkey</a></p>`,
    ),
  );
});

test("passkeys alone (no provider): the passkey part without a separator, not 'no methods'", () => {
  const body = signIn({ providers: [], passkeys: { signUp: false } }).body;
  assert.doesNotMatch(body, /No sign-in methods|<hr/);
  assert.match(body, /Sign in with a passkey/);
});

test("an error about a field marks that field and points it at the error box; others mark none", () => {
  const email = signIn({ providers: [...providers, password], error: "EmailInvalid" }).body;
  const invalid = tags(email, "input").filter((input) => input["aria-invalid"] === "true");
  assert.deepEqual(
    invalid.map((input) => [input.id, input["aria-describedby"]]),
    [
      // The email-link field is also described by its hint (issue 23).
      ["input-email-for-mail-provider", "input-email-for-mail-provider-hint form-error"],
      ["input-email-for-pw-provider", "form-error"],
    ],
  );
  assert.match(
    email,
    /<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">Enter a valid email address\.<\/div>/,
  );
  const general = signIn({ providers: [...providers, password], error: "CredentialsSignin" }).body;
  assert.equal(tags(general, "input").filter((input) => input["aria-invalid"]).length, 0);
});

test("the default names of the built-in providers are translated; an app's own name is not", () => {
  const page = renderIn("fr", {
    page: "signin",
    csrfToken: "c",
    callbackUrl: "/",
    error: null,
    providers: [
      { id: "email", name: "Email", type: "email" },
      password,
      { id: "github", name: "GitHub", type: "oauth" },
      { id: "sso", name: "Acme SSO", type: "password" },
    ],
  }).body;
  assert.match(page, /<span>Se connecter avec E-mail<\/span>/);
  assert.match(page, /<span>Se connecter avec E-mail et mot de passe<\/span>/);
  assert.match(page, /<span>Se connecter avec GitHub<\/span>/);
  assert.match(page, /<span>Se connecter avec Acme SSO<\/span>/);
  assert.match(page, /aria-label="Se connecter avec GitHub"/);
  assert.match(page, /placeholder="nom@exemple\.fr"/);
});

test("two Email fields read as two forms (issue 23): the link's field says it needs no password", () => {
  const body = signIn({ providers: [...providers, password] }).body;
  assert.match(
    body,
    /<label for="input-email-for-mail-provider">Email<\/label><p id="input-email-for-mail-provider-hint" class="hint">We email you a link to sign in: no password needed\.<\/p>/,
  );
  const field = tags(body, "input").find((input) => input.id === "input-email-for-mail-provider");
  assert.equal(field?.["aria-describedby"], "input-email-for-mail-provider-hint");
});
