import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createAuthClient } from "../client/create-auth-client.ts";
import type { Session } from "../client/types.ts";
import { SessionProvider, type SessionProviderProps } from "./session-provider.ts";
import { leaveUnauthenticated, type UseSessionOptions, useSession } from "./use-session.ts";

const alice: Session = {
  user: { name: "Alice", email: "alice@example.com" },
  expires: "2999-01-01T00:00:00.000Z",
};

function Status(props: UseSessionOptions) {
  const { data, status } = useSession(props);
  return createElement("p", null, `${status}:${data?.user?.name ?? "-"}`);
}

function render(props: Omit<SessionProviderProps, "children">, options: UseSessionOptions = {}) {
  return renderToString(createElement(SessionProvider, props, createElement(Status, options)));
}

describe("SessionProvider + useSession (server render)", () => {
  it("an initial session renders authenticated with its data", () => {
    assert.equal(render({ session: alice }), "<p>authenticated:Alice</p>");
  });

  it("without an initial session it renders loading", () => {
    assert.equal(render({}), "<p>loading:-</p>");
  });

  it("an initial null session renders unauthenticated", () => {
    assert.equal(render({ session: null }), "<p>unauthenticated:-</p>");
  });

  it("required + unauthenticated reports loading while it leaves", () => {
    assert.equal(render({ session: null }, { required: true }), "<p>loading:-</p>");
    assert.equal(render({ session: alice }, { required: true }), "<p>authenticated:Alice</p>");
  });

  it("rendering fetches nothing (effects do not run on the server)", () => {
    let calls = 0;
    const client = createAuthClient({
      fetch: async () => {
        calls++;
        return Response.json({});
      },
    });
    render({ client });
    assert.equal(calls, 0);
  });

  it("useSession outside SessionProvider throws", () => {
    assert.throws(() => renderToString(createElement(Status)), /inside <SessionProvider>/);
  });
});

describe("leaveUnauthenticated (the effect of useSession({ required: true }))", () => {
  it("navigates to the sign-in page with SessionRequired and the current page", () => {
    const navigated: string[] = [];
    const client = createAuthClient({ basePath: "/auth", navigate: (url) => navigated.push(url) });
    leaveUnauthenticated(client, undefined, "https://app.example/private?tab=1");
    assert.deepEqual(navigated, [
      "/auth/signin?error=SessionRequired&callbackUrl=https%3A%2F%2Fapp.example%2Fprivate%3Ftab%3D1",
    ]);
  });

  it("calls onUnauthenticated instead when given", () => {
    let called = 0;
    const client = createAuthClient({ navigate: () => assert.fail("must not navigate") });
    leaveUnauthenticated(client, () => called++);
    assert.equal(called, 1);
  });
});
