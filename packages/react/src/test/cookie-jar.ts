// A `fetch` wrapper that keeps cookies like a browser would for a single host, so that tests
// exercise the real cookie flow of docs/protocol.md §3, §5 (CSRF cookie, session cookie, clearing).

export interface CookieJar {
  fetch: typeof fetch;
  get(name: string): string | undefined;
  clear(): void;
}

export function createCookieJar(inner: typeof fetch = fetch): CookieJar {
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) {
      headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await inner(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const expired = attributes.some((attribute) => {
        const [key = "", value = ""] = attribute.split("=");
        if (key.toLowerCase() === "max-age") return Number(value) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
        return false;
      });
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(eq + 1));
    }
    return response;
  };
  return { fetch: jarFetch, get: (name) => cookies.get(name), clear: () => cookies.clear() };
}
