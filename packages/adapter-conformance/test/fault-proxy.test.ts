import assert from "node:assert/strict";
import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { type FaultProxy, startFaultProxy } from "../src/fault-proxy.ts";

/** A client of the proxy that keeps what it read and how its connection ended. */
interface Client {
  socket: Socket;
  received(): string;
  /** Resolves with the socket error's code ("ECONNRESET") or "closed". */
  ended: Promise<string>;
}

describe("startFaultProxy", () => {
  let echo: Server;
  let proxy: FaultProxy;
  const clients: Socket[] = [];

  before(async () => {
    // Echoes every line back, upper-cased: what comes back proves it went through the server. It
    // says "BYE" and closes the connection on "bye".
    echo = createServer((socket) => {
      socket.on("error", () => {});
      socket.on("data", (chunk) => {
        socket.write(chunk.toString().toUpperCase());
        if (chunk.toString().endsWith("bye")) socket.end();
      });
    });
    echo.listen(0, "127.0.0.1");
    await once(echo, "listening");
    proxy = await startFaultProxy({ host: "127.0.0.1", port: (echo.address() as AddressInfo).port });
  });
  after(async () => {
    for (const socket of clients) socket.destroy();
    await proxy.close();
    echo.close();
  });

  async function client(): Promise<Client> {
    const socket = connect(proxy.port, "127.0.0.1");
    clients.push(socket);
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    const ended = new Promise<string>((resolve) => {
      socket.on("error", (error: Error & { code?: string }) => resolve(error.code ?? error.message));
      socket.on("close", () => resolve("closed"));
    });
    await once(socket, "connect");
    return { socket, received: () => text, ended };
  }

  async function until(check: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok(check());
  }

  /** Gives the sockets a moment in which nothing may arrive. */
  const moment = () => new Promise((resolve) => setTimeout(resolve, 100));

  test("pass: bytes go both ways", async () => {
    proxy.set("pass");
    const a = await client();
    a.socket.write("hello");
    await until(() => a.received() === "HELLO");
  });

  test("hold: nothing passes, on open or new connections, until the mode changes; then all of it, in order", async () => {
    proxy.set("pass");
    const open = await client();
    proxy.set("hold");
    open.socket.write("one ");
    const fresh = await client();
    fresh.socket.write("two");
    open.socket.write("three");
    await moment();
    assert.equal(open.received(), "");
    assert.equal(fresh.received(), "");
    proxy.set("pass");
    await until(() => open.received() === "ONE THREE" && fresh.received() === "TWO");
  });

  test("hold-replies: the client's bytes reach the server, the replies and the server's close wait; then all of it in one read, then the close", async () => {
    proxy.set("pass");
    const open = await client();
    proxy.set("hold-replies");
    const reads: string[] = [];
    open.socket.on("data", (chunk) => reads.push(chunk.toString()));
    open.socket.write("one ");
    await moment();
    open.socket.write("bye");
    await moment();
    assert.equal(open.received(), "", "the replies are held");
    assert.equal(open.socket.readyState, "open", "the server's close is held too");
    proxy.set("pass");
    assert.equal(await open.ended, "closed");
    assert.deepEqual(reads, ["ONE BYE"], "what was held arrives in one read, before the close");
  });

  test("reset: open connections and each new one are reset", async () => {
    proxy.set("pass");
    const open = await client();
    proxy.set("reset");
    assert.equal(await open.ended, "ECONNRESET");
    const fresh = connect(proxy.port, "127.0.0.1");
    clients.push(fresh);
    const [error] = (await once(fresh, "error").catch((e: unknown) => [e])) as [Error & { code?: string }];
    assert.equal(error.code, "ECONNRESET");
    proxy.set("pass");
  });

  test("resetAll: resets the open connections once; new ones pass", async () => {
    proxy.set("pass");
    const open = await client();
    proxy.resetAll();
    assert.equal(await open.ended, "ECONNRESET");
    const fresh = await client();
    fresh.socket.write("after");
    await until(() => fresh.received() === "AFTER");
  });

  test("drop: new connections are accepted and never answered; open ones keep working", async () => {
    proxy.set("pass");
    const open = await client();
    proxy.set("drop");
    const dropped = await client();
    dropped.socket.write("anyone?");
    open.socket.write("still here");
    await until(() => open.received() === "STILL HERE");
    await moment();
    assert.equal(dropped.received(), "");
    proxy.set("pass");
    await moment();
    assert.equal(dropped.received(), "", "a swallowed connection stays swallowed");
  });

  test("slow: each chunk arrives late, in order", async () => {
    proxy.set("slow", 200);
    const a = await client();
    const sent = performance.now();
    a.socket.write("late");
    await until(() => a.received() === "LATE");
    // Two legs (there and back), each at least 200 ms late; timers never fire early.
    assert.ok(performance.now() - sent >= 390);
    proxy.set("pass");
  });
});
