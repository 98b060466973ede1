import assert from "node:assert/strict";
import { describe, test } from "node:test";
import express, { type ErrorRequestHandler } from "express";
import {
  ada,
  call,
  createAuth,
  csrfToken,
  Jar,
  SESSION,
  serve,
  sessionUser,
  signIn,
  signOut,
} from "./express-test-utils.ts";
import { gatehouseExpress } from "./gatehouse-express.ts";

/** Passes errors on as JSON, so a test can read what `next(error)` was given. */
const errorsAsJson: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  res.status(500).json({ message: error instanceof Error ? error.message : String(error) });
};

describe("gatehouseExpress before any body parser", () => {
  const app = express();
  app.use(gatehouseExpress(createAuth()));
  app.use(express.json());
  app.get("/hello", (_req, res) => {
    res.send("hello");
  });
  app.post("/echo", (req, res) => {
    res.json(req.body);
  });
  const server = serve(app);

  test("credentials sign-in, GET session, sign-out", async () => {
    const origin = server.origin();
    const jar = new Jar();
    assert.equal(await sessionUser(origin, jar), null);

    const signedIn = await signIn(origin, jar);
    assert.equal(signedIn.status, 302);
    assert.equal(signedIn.headers.get("location"), `${origin}/`);
    assert.ok(jar.has(SESSION));
    assert.deepEqual(await sessionUser(origin, jar), { name: ada.name, email: ada.email });

    const out = await signOut(origin, jar);
    assert.equal(out.status, 302);
    assert.ok(!jar.has(SESSION), "the session cookie is cleared");
    assert.equal(await sessionUser(origin, jar), null);
  });

  test("a JSON sign-in is answered as {url}", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const answer = await signIn(origin, jar, "json");
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { url: `${origin}/` });
    assert.ok(jar.has(SESSION));
  });

  test("refuses a POST without the CSRF token, and one from another site", async () => {
    const origin = server.origin();
    const jar = new Jar();
    await csrfToken(origin, jar);
    const noToken = await call(origin, jar, "/api/auth/callback/credentials", {
      body: "username=ada&password=pw",
      type: "application/x-www-form-urlencoded",
    });
    assert.equal(noToken.status, 302);
    assert.match(noToken.headers.get("location") ?? "", /\/api\/auth\/signin\?error=MissingCSRF/);
    assert.ok(!jar.has(SESSION));

    const foreign = await call(origin, jar, "/api/auth/session", {
      body: JSON.stringify({ csrfToken: await csrfToken(origin, jar), data: { name: "x" } }),
      type: "application/json",
      headers: { origin: "https://evil.example" },
    });
    assert.equal(foreign.status, 403);
    assert.deepEqual(await foreign.json(), {});
  });

  test("other requests go on to the app, their bodies unread", async () => {
    const origin = server.origin();
    assert.equal(await (await fetch(`${origin}/hello`)).text(), "hello");
    const echo = await fetch(`${origin}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    assert.deepEqual(await echo.json(), { a: 1 });
    assert.equal((await fetch(`${origin}/api/authx`)).status, 404);
  });

  test("unknown actions and wrong methods are core's answers", async () => {
    const origin = server.origin();
    const unknown = await fetch(`${origin}/api/auth/nope`);
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { error: string }).error, "UnknownAction");
    const put = await fetch(`${origin}/api/auth/session`, { method: "PUT" });
    assert.equal(put.status, 405);
  });
});

describe("gatehouseExpress after express.json() and express.urlencoded()", () => {
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: true }));
  app.use(gatehouseExpress(createAuth()));
  app.use(errorsAsJson);
  const server = serve(app);

  test("a form body parsed by express.urlencoded: sign-in, session, sign-out", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const signedIn = await signIn(origin, jar, "form");
    assert.equal(signedIn.status, 302);
    assert.equal(signedIn.headers.get("location"), `${origin}/`);
    assert.deepEqual(await sessionUser(origin, jar), { name: ada.name, email: ada.email });
    assert.equal((await signOut(origin, jar)).status, 302);
    assert.equal(await sessionUser(origin, jar), null);
  });

  test("a JSON body parsed by express.json: sign-in answered as {url}", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const answer = await signIn(origin, jar, "json");
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { url: `${origin}/` });
    assert.deepEqual(await sessionUser(origin, jar), { name: ada.name, email: ada.email });
  });

  test("a session update with a JSON `data` object survives the round trip", async () => {
    const origin = server.origin();
    const jar = new Jar();
    await signIn(origin, jar, "json");
    const update = await call(origin, jar, "/api/auth/session", {
      body: JSON.stringify({ csrfToken: await csrfToken(origin, jar), data: { theme: "dark" } }),
      type: "application/json",
    });
    assert.equal(update.status, 200);
  });

  test("the rebuilt body is held to core's 64 KiB limit", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const answer = await call(origin, jar, "/api/auth/callback/credentials", {
      body: JSON.stringify({ csrfToken: await csrfToken(origin, jar), username: "a".repeat(70 * 1024) }),
      type: "application/json",
    });
    assert.equal(answer.status, 400);
    assert.equal(((await answer.json()) as { error: string }).error, "BodyTooLarge");
  });

  // Issue 22, item 11: express.json() parses deep JSON (JSON.parse does not recurse), but serialising
  // it again for core overflowed the stack, and the app's error handler answered 500.
  test("a JSON body nested 20,000 deep is 400 InvalidBody, as without a parser", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    for (const path of ["/api/auth/callback/credentials", "/api/auth/session"]) {
      const answer = await call(origin, jar, path, {
        body: `{"csrfToken":"${await csrfToken(origin, jar)}","data":${deep}}`,
        type: "application/json",
      });
      assert.equal(answer.status, 400, path);
      assert.equal(((await answer.json()) as { error: string }).error, "InvalidBody", path);
    }
  });

  test("a wrong password is refused as before", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const answer = await call(origin, jar, "/api/auth/callback/credentials", {
      body: new URLSearchParams({
        csrfToken: await csrfToken(origin, jar),
        username: "ada",
        password: "nope",
      }).toString(),
      type: "application/x-www-form-urlencoded",
    });
    assert.equal(answer.status, 302);
    assert.match(answer.headers.get("location") ?? "", /error=CredentialsSignin/);
    assert.ok(!jar.has(SESSION));
  });
});

describe("gatehouseExpress mounted on a path", () => {
  const app = express();
  app.use("/api/auth", gatehouseExpress(createAuth()));
  app.use("/auth", gatehouseExpress(createAuth()));
  app.use(errorsAsJson);
  const server = serve(app);

  test("on auth.basePath: answers as on the app", async () => {
    const origin = server.origin();
    const jar = new Jar();
    assert.equal((await signIn(origin, jar)).status, 302);
    assert.deepEqual(await sessionUser(origin, jar), { name: ada.name, email: ada.email });
  });

  test("outside auth.basePath: an error that says how to mount it", async () => {
    const answer = await fetch(`${server.origin()}/auth/session`);
    assert.equal(answer.status, 500);
    assert.match(
      ((await answer.json()) as { message: string }).message,
      /mounted at "\/auth", outside auth.basePath "\/api\/auth"/,
    );
  });
});

describe("gatehouseExpress after a middleware that read the body and kept nothing", () => {
  const app = express();
  app.use((req, _res, next) => {
    req.resume();
    req.once("end", () => next());
  });
  app.use(gatehouseExpress(createAuth()));
  app.use(errorsAsJson);
  const server = serve(app);

  test("is an error that says what to do, not a request that never ends", async () => {
    const answer = await fetch(`${server.origin()}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=x",
      signal: AbortSignal.timeout(5000),
    });
    assert.equal(answer.status, 500);
    assert.match(
      ((await answer.json()) as { message: string }).message,
      /Mount gatehouseExpress\(auth\) before/,
    );
  });
});

// Issue 13: the integrations passed no client address to core, so per-address rate limits never applied.
describe("the client address: the socket peer reaches core's rate limits, not req.ip", () => {
  const limited = () =>
    createAuth({ rateLimit: { rules: { credentials: { ip: { limit: 2, windowMs: 60_000 } } } } });
  /** An app with `trust proxy` on (req.ip would believe any X-Forwarded-For: Gatehouse must not). */
  function appWith(parseFirst: boolean) {
    const app = express();
    app.set("trust proxy", true);
    app.get("/ip", (req, res) => {
      res.send(req.ip);
    });
    if (parseFirst) app.use(express.urlencoded({ extended: false }));
    app.use(gatehouseExpress(limited()));
    return app;
  }
  const streamed = serve(appWith(false));
  const replayed = serve(appWith(true));

  /** Three sign-ins with one CSRF token, each with a different `X-Forwarded-For`. */
  async function threeSignIns(origin: string): Promise<Response[]> {
    const jar = new Jar();
    const token = await csrfToken(origin, jar);
    const answers: Response[] = [];
    for (const forwardedFor of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      answers.push(
        await call(origin, jar, "/api/auth/callback/credentials", {
          body: new URLSearchParams({ csrfToken: token, username: "ada", password: "pw" }).toString(),
          type: "application/x-www-form-urlencoded",
          headers: { "x-forwarded-for": forwardedFor },
        }),
      );
    }
    return answers;
  }

  test("the third sign-in from 127.0.0.1 is refused, whatever X-Forwarded-For (and req.ip) say", async () => {
    const origin = streamed.origin();
    const ip = await fetch(`${origin}/ip`, { headers: { "x-forwarded-for": "198.51.100.9" } });
    assert.equal(await ip.text(), "198.51.100.9", "trust proxy is on: req.ip is the header's");

    const answers = await threeSignIns(origin);
    assert.deepEqual(
      answers.map((a) => a.status),
      [302, 302, 303],
    );
    assert.match(answers[2]!.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
    assert.match(answers[2]!.headers.get("location") ?? "", /\/api\/auth\/error\?error=RateLimited&/);
  });

  test("also when a body parser ran first and the request is replayed", async () => {
    // express.urlencoded() consumed the body: the request Gatehouse sees is rebuilt, on the same socket.
    const answers = await threeSignIns(replayed.origin());
    assert.deepEqual(
      answers.map((a) => a.status),
      [302, 302, 303],
    );
  });
});
