/**
 * The ceiling: a bare `node:http` server answering a fixed JSON body of a session's size, with the
 * headers a session answer carries. Nothing on Node answers GET session faster than this.
 */
import { createServer } from "node:http";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";

const body = JSON.stringify({
  user: { name: "Bench User", email: "bench@example.com" },
  expires: new Date(Date.now() + 30 * 86_400_000).toISOString(),
});

const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json",
    "cache-control": "private, no-cache, no-store",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
});

const port = benchPort();
await listenUntilSignalled(server, port);
announceReady({
  url: `http://127.0.0.1:${port}/api/auth/session`,
  cookie: "",
  expect: "bench@example.com",
  version: `node:http ${process.version}`,
});
