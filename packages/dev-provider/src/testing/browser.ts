/**
 * Test helpers for driving the development provider as a person would. Just enough of a browser for
 * one provider: a cookie jar (names only) and hand-followed redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves `origin`; returns that URL without requesting it. */
  async followUntilLeaving(response: Response, origin: string): Promise<URL> {
    let current = response;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get("location");
      if (location === null) {
        throw new Error(`expected a redirect, got HTTP ${current.status}: ${await current.text()}`);
      }
      const next = new URL(location, origin);
      if (next.origin !== origin) return next;
      current = await this.request(next.href);
    }
    throw new Error("too many redirects");
  }
}

/**
 * Logs `username` in on the development provider's form (as a person would: follow the
 * authorization URL to the form, submit it) and returns the URL it sends the browser back to.
 */
export async function loginAtDevProvider(
  issuer: string,
  authorizationUrl: string,
  username: string,
): Promise<URL> {
  const person = new Browser();
  const toForm = await person.request(authorizationUrl);
  const formUrl = new URL(toForm.headers.get("location") ?? "", issuer);
  await person.request(formUrl.href);
  const submitted = await person.request(formUrl.href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username }),
  });
  return person.followUntilLeaving(submitted, issuer);
}

/**
 * Completes the person's side of a device sign-in (RFC 8628) at the development provider started with
 * `features: { deviceFlow: { enabled: true } }`: types `userCode` at `/device`, confirms, and logs
 * `username` in. Resolves once the provider shows its success page; the device's next poll then
 * gets tokens.
 */
export async function approveDeviceCode(issuer: string, userCode: string, username: string): Promise<void> {
  const person = new Browser();
  const confirm = await enterUserCode(person, issuer, userCode);
  const confirmed = await person.request(`${issuer}/device`, postForm(confirm));
  const formUrl = new URL(confirmed.headers.get("location") ?? "", issuer);
  await person.request(formUrl.href);
  let current = await person.request(formUrl.href, postForm({ username }));
  for (let hops = 0; hops < 10; hops++) {
    const location = current.headers.get("location");
    if (location === null) break;
    current = await person.request(new URL(location, issuer).href);
  }
  const page = await current.text();
  if (current.status !== 200 || !page.includes("Device signed in")) {
    throw new Error(`device approval did not finish: HTTP ${current.status}`);
  }
}

/** The person refuses a device sign-in: types `userCode`, then presses Abort (the device gets `access_denied`). */
export async function denyDeviceCode(issuer: string, userCode: string): Promise<void> {
  const person = new Browser();
  const confirm = await enterUserCode(person, issuer, userCode);
  const aborted = await person.request(`${issuer}/device`, postForm({ ...confirm, abort: "yes" }));
  if (!(await aborted.text()).includes("cancelled")) {
    throw new Error(`device denial did not finish: HTTP ${aborted.status}`);
  }
}

/** Opens `/device`, submits the user code, and returns the confirmation form's fields. */
async function enterUserCode(
  person: Browser,
  issuer: string,
  userCode: string,
): Promise<Record<string, string>> {
  const input = hiddenFields(await (await person.request(`${issuer}/device`)).text());
  const confirmPage = await person.request(`${issuer}/device`, postForm({ ...input, user_code: userCode }));
  const fields = hiddenFields(await confirmPage.text());
  if (fields.confirm !== "yes")
    throw new Error(`user code ${userCode} was not accepted: HTTP ${confirmPage.status}`);
  return fields;
}

function postForm(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  };
}

/** The hidden inputs oidc-provider puts in its device forms (xsrf, user_code, confirm). */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([\w-]+)" value="([^"]*)"\s*\/?>/g)) {
    fields[match[1] as string] = (match[2] as string).replaceAll("&amp;", "&");
  }
  return fields;
}
