import assert from "node:assert/strict";
import { CookieJar } from "./cookie-jar.ts";

/** What a signed-in `/api/me` answers. */
interface Me {
  user?: { email?: string | null; name?: string | null };
  expires?: string;
}

/**
 * Tests only: the whole email sign-in of a running web app over HTTP, the way the built-in pages
 * drive it — ask for a link (POST with the CSRF token), read it from `/dev/mailbox`, open it (the
 * confirmation page), POST that page's form — then reads `/api/me`. Asserts each step.
 */
export async function emailSignIn(origin: string, address: string): Promise<{ jar: CookieJar; me: Me }> {
  const jar = new CookieJar();
  const get = async (url: string) => {
    const response = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
    jar.store(response);
    return response;
  };
  const post = async (url: string, fields: Record<string, string>) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    jar.store(response);
    return response;
  };

  const { csrfToken } = (await (await get(`${origin}/api/auth/csrf`)).json()) as { csrfToken: string };
  const sent = await post(`${origin}/api/auth/signin/email`, {
    email: address,
    csrfToken,
    callbackUrl: `${origin}/protected`,
  });
  assert.equal(sent.status, 302);
  // With the address, which the page shows and sends to again (issue 23).
  assert.equal(
    sent.headers.get("location"),
    `${origin}/api/auth/verify-request?provider=email&type=email&email=${encodeURIComponent(address)}`,
  );

  const mailbox = await (await get(`${origin}/dev/mailbox`)).text();
  const newest = /<a href="([^"]+)">Sign in as ([^<]+)<\/a>/.exec(mailbox);
  assert.ok(newest?.[1], "the mailbox lists the link");
  assert.equal(newest[2], address);
  const link = decodeEntities(newest[1]);
  assert.ok(link.startsWith(`${origin}/api/auth/callback/email?`), link);

  // Opening the link only shows the confirmation page: nothing is spent by a GET.
  const confirm = await get(link);
  assert.equal(confirm.status, 200);
  const page = await confirm.text();
  assert.match(page, /Confirm sign in/);
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
  assert.ok(action);
  const fields = hiddenFields(page);
  assert.deepEqual(Object.keys(fields).sort(), ["callbackUrl", "csrfToken", "email", "token"]);

  const signedIn = await post(decodeEntities(action), fields);
  assert.equal(signedIn.status, 302);
  assert.equal(signedIn.headers.get("location"), `${origin}/protected`);

  // The link is single use: the same form again is refused.
  const again = await post(decodeEntities(action), fields);
  assert.match(again.headers.get("location") ?? "", /error=Verification/);

  const me = await get(`${origin}/api/me`);
  assert.equal(me.status, 200);
  return { jar, me: (await me.json()) as Me };
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1];
    if (name !== undefined && value !== undefined) fields[name] = decodeEntities(value);
  }
  return fields;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
