import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it, mock } from "node:test";
import { checkPassword, isPwned, normalizePassword, PASSWORD_MAX_LENGTH } from "./policy.ts";

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex").toUpperCase();

/** A stand-in for the range API: answers `SUFFIX:COUNT` lines for a set of known passwords, plus padding. */
function fakeRange(pwned: Record<string, number>) {
  const urls: string[] = [];
  const headers: Headers[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    headers.push(new Headers(init?.headers));
    const prefix = url.slice(-5);
    const lines = Object.entries(pwned)
      .map(([password, count]) => [sha1(password), count] as const)
      .filter(([hash]) => hash.startsWith(prefix))
      .map(([hash, count]) => `${hash.slice(5)}:${count}`);
    lines.push(`F${"0".repeat(34)}:0`); // padding
    return new Response(lines.join("\r\n"), { headers: { "content-type": "text/plain" } });
  };
  return { fetch: fetch as typeof globalThis.fetch, urls, headers };
}

function recordingLogger() {
  const lines: { code: string; detail: unknown }[] = [];
  return { lines, warn: (code: string, detail?: unknown) => lines.push({ code, detail }) };
}

describe("normalizePassword", () => {
  it("applies NFKC: composed and decomposed accents, ligatures and full-width forms are one password", () => {
    assert.equal(normalizePassword("cafe\u0301"), "caf\u00e9");
    assert.equal(normalizePassword("\ufb01ve"), "five");
    assert.equal(normalizePassword("\uff30\uff41\uff53\uff53"), "Pass");
  });

  it("throws a TypeError on a non-string (misuse, not a refusal)", () => {
    assert.throws(() => normalizePassword(undefined as unknown as string), TypeError);
  });
});

describe("checkPassword: length", () => {
  it("refuses fewer than 8 code points and accepts 8", async () => {
    assert.deepEqual(await checkPassword("1234567"), { error: "PasswordTooShort" });
    assert.equal(await checkPassword("12345678"), null);
    assert.deepEqual(await checkPassword(""), { error: "PasswordTooShort" });
  });

  it("counts code points, not UTF-16 units: four emoji are 4, not 8", async () => {
    assert.deepEqual(await checkPassword("😀😀😀😀"), { error: "PasswordTooShort" });
    assert.equal(await checkPassword("😀😀😀😀😀😀😀😀"), null);
  });

  it("counts after NFKC: 4 decomposed accents (8 units) are 4 characters", async () => {
    assert.deepEqual(await checkPassword("e\u0301e\u0301e\u0301e\u0301"), { error: "PasswordTooShort" });
  });

  it("accepts 256 code points and refuses 257", async () => {
    assert.equal(await checkPassword("a".repeat(PASSWORD_MAX_LENGTH)), null);
    assert.equal(await checkPassword("😀".repeat(PASSWORD_MAX_LENGTH)), null);
    assert.deepEqual(await checkPassword("a".repeat(PASSWORD_MAX_LENGTH + 1)), { error: "PasswordTooLong" });
  });

  it("refuses a huge input without normalising it", async () => {
    assert.deepEqual(await checkPassword("a".repeat(1_000_000)), { error: "PasswordTooLong" });
  });

  it("has no composition rules: spaces, lowercase only, all allowed", async () => {
    assert.equal(await checkPassword("correct horse battery staple"), null);
    assert.equal(await checkPassword("        "), null);
  });
});

describe("checkPassword: offline list", () => {
  const breached = new Set(["password1", "caf\u00e9caf\u00e9"]);

  it("refuses a listed password", async () => {
    assert.deepEqual(await checkPassword("password1", { breached }), { error: "PasswordBreached" });
    assert.equal(await checkPassword("password2", { breached }), null);
  });

  it("compares the normalised form", async () => {
    assert.deepEqual(await checkPassword("cafe\u0301cafe\u0301", { breached }), {
      error: "PasswordBreached",
    });
  });

  it("does not ask the list about a password that is too short", async () => {
    const asked: string[] = [];
    await checkPassword("short", {
      breached: {
        has: (p) => {
          asked.push(p);
          return false;
        },
      },
    });
    assert.deepEqual(asked, []);
  });

  it("takes an asynchronous list", async () => {
    const list = { has: async (p: string) => p === "password1" };
    assert.deepEqual(await checkPassword("password1", { breached: list }), { error: "PasswordBreached" });
  });
});

describe("checkPassword: Have I Been Pwned", () => {
  it("refuses a pwned password, accepts a clean one, and ignores padding lines (count 0)", async () => {
    const range = fakeRange({ hunter2hunter2: 12, "padded-only-pw": 0 });
    const logger = recordingLogger();
    assert.deepEqual(await checkPassword("hunter2hunter2", { pwned: range, logger }), {
      error: "PasswordBreached",
    });
    assert.equal(await checkPassword("padded-only-pw", { pwned: range, logger }), null);
    assert.equal(await checkPassword("a perfectly fine passphrase", { pwned: range, logger }), null);
    assert.deepEqual(logger.lines, []);
  });

  it("sends only the first 5 hex characters of the SHA-1, with Add-Padding", async () => {
    const password = "hunter2hunter2";
    const range = fakeRange({ [password]: 1 });
    await checkPassword(password, { pwned: range, logger: recordingLogger() });
    assert.equal(range.urls.length, 1);
    const url = range.urls[0]!;
    assert.equal(url, `https://api.pwnedpasswords.com/range/${sha1(password).slice(0, 5)}`);
    assert.ok(!url.includes(password));
    assert.ok(!url.toUpperCase().includes(sha1(password).slice(5, 12)));
    assert.equal(range.headers[0]!.get("add-padding"), "true");
  });

  it("hashes the normalised password", async () => {
    const range = fakeRange({ "caf\u00e9caf\u00e9": 3 });
    assert.deepEqual(
      await checkPassword("cafe\u0301cafe\u0301", { pwned: range, logger: recordingLogger() }),
      {
        error: "PasswordBreached",
      },
    );
  });

  it("does not go online when the offline list already refused", async () => {
    const range = fakeRange({});
    await checkPassword("password1", { breached: new Set(["password1"]), pwned: range });
    assert.deepEqual(range.urls, []);
  });

  it("fails open on a timeout, with a log line that holds neither password nor hash", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let called!: () => void;
      const fetched = new Promise<void>((resolve) => {
        called = resolve;
      });
      let aborted = false;
      const hanging = ((_url: string, init?: RequestInit) => {
        init?.signal?.addEventListener("abort", () => {
          aborted = true;
        });
        called();
        return new Promise<Response>(() => {}); // ignores the signal and never answers
      }) as typeof fetch;
      const logger = recordingLogger();
      const result = checkPassword("hunter2hunter2", { pwned: { fetch: hanging }, logger });
      await fetched;
      mock.timers.tick(1499);
      await Promise.resolve();
      assert.equal(logger.lines.length, 0);
      mock.timers.tick(1);
      assert.equal(await result, null);
      assert.ok(aborted);
      assert.equal(logger.lines.length, 1);
      assert.equal(logger.lines[0]!.code, "PwnedCheckFailed");
      const logged = JSON.stringify(logger.lines);
      assert.match(logged, /1500 ms/);
      assert.ok(!logged.includes("hunter2"));
      assert.ok(!logged.includes(sha1("hunter2hunter2").slice(0, 5)));
    } finally {
      mock.timers.reset();
    }
  });

  it("honours timeoutMs", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let called!: () => void;
      const fetched = new Promise<void>((resolve) => {
        called = resolve;
      });
      const hanging = (() => {
        called();
        return new Promise<Response>(() => {});
      }) as typeof fetch;
      const logger = recordingLogger();
      const result = isPwned("hunter2hunter2", { fetch: hanging, timeoutMs: 200 }, logger);
      await fetched;
      mock.timers.tick(200);
      assert.equal(await result, null);
      assert.match(JSON.stringify(logger.lines), /200 ms/);
    } finally {
      mock.timers.reset();
    }
  });

  for (const [name, fetch, reason] of [
    ["a 5xx", async () => new Response("oops", { status: 503 }), /HTTP 503/],
    ["a 429", async () => new Response("slow down", { status: 429 }), /HTTP 429/],
    ["garbage", async () => new Response("<html>not a range</html>"), /malformed/],
    ["a half-garbage answer", async () => new Response(`${"A".repeat(35)}:1\nnonsense`), /malformed/],
    ["an empty answer", async () => new Response(""), /malformed/],
    [
      "a network error",
      async () => {
        throw new TypeError("fetch failed");
      },
      /TypeError/,
    ],
  ] as const) {
    it(`fails open on ${name}, with a log line`, async () => {
      const logger = recordingLogger();
      assert.equal(
        await checkPassword("hunter2hunter2", { pwned: { fetch: fetch as typeof globalThis.fetch }, logger }),
        null,
      );
      assert.equal(logger.lines.length, 1);
      assert.equal(logger.lines[0]!.code, "PwnedCheckFailed");
      assert.match(JSON.stringify(logger.lines[0]!.detail), reason);
    });
  }

  it("takes another endpoint and compares suffixes case-insensitively", async () => {
    const password = "hunter2hunter2";
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return new Response(`${sha1(password).slice(5).toLowerCase()}:2`);
    }) as typeof globalThis.fetch;
    assert.equal(await isPwned(password, { fetch, endpoint: "https://mirror.example/range/" }), true);
    assert.equal(urls[0], `https://mirror.example/range/${sha1(password).slice(0, 5)}`);
  });
});
