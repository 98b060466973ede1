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
