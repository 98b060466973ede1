import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { ResponseTooLargeError, sizeLimitedFetch } from "./http.ts";

describe("sizeLimitedFetch", () => {
  let server: Server;
  let base: string;
  /** Bytes the server managed to write before the client stopped reading. */
  let written = 0;

  before(async () => {
    server = createServer((req, res) => {
      const size = Number(new URL(req.url ?? "/", "http://x").searchParams.get("size"));
      if (req.url?.startsWith("/declared")) {
        res.writeHead(200, { "content-length": String(size), "x-kept": "yes" });
        res.end(Buffer.alloc(size, 97));
        return;
      }
      if (req.url?.startsWith("/empty")) return res.writeHead(204).end();
      // Chunked, no Content-Length: only counting while reading finds the size.
      res.writeHead(200, { "content-type": "application/json" });
      written = 0;
      const chunk = Buffer.alloc(16 * 1024, 97);
      const pump = () => {
        while (written < size && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const limited = sizeLimitedFetch(fetch, 64 * 1024);

  test("a body within the limit arrives whole, with status and headers", async () => {
    const response = await limited(`${base}/declared?size=1000`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("x-kept"), "yes");
    assert.equal((await response.text()).length, 1000);
  });

  test("a declared Content-Length over the limit is refused before reading", async () => {
    await assert.rejects(limited(`${base}/declared?size=${64 * 1024 + 1}`), ResponseTooLargeError);
  });

  test("a chunked body over the limit is refused once the limit is passed, the rest unread", async () => {
    await assert.rejects(limited(`${base}/chunked?size=${64 * 1024 * 1024}`), /larger than 65536 bytes/);
    assert.ok(written < 64 * 1024 * 1024, "the server did not get to send it all");
  });

  test("a response without a body passes through", async () => {
    assert.equal((await limited(`${base}/empty`)).status, 204);
  });
});
