import { type AddressInfo, createServer, type Socket } from "node:net";

/**
 * How a faulty SMTP server misbehaves:
 * - `silent`: accepts the connection and never greets (a wedged server, a port that swallows bytes);
 * - `stall-in-data`: a normal conversation until the message's final `.`, which it never answers;
 * - `slow`: greets late and answers every command late, but delivers.
 */
export type SmtpFault = "silent" | "stall-in-data" | "slow";

export interface FaultySmtpServer {
  port: number;
  /** Messages delivered (answered 250 after DATA). */
  readonly delivered: number;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Closes the server and every connection it holds. */
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (any free port), written on `node:net` so it can misbehave where a
 * well-behaved server library would not: it speaks just enough ESMTP for nodemailer (EHLO, MAIL, RCPT,
 * DATA, QUIT), with `fault` applied. `delayMs` is the `slow` server's delay before the greeting and
 * before each reply.
 */
export async function startFaultySmtpServer(fault: SmtpFault, delayMs = 500): Promise<FaultySmtpServer> {
  const sockets = new Set<Socket>();
  let delivered = 0;
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (fault === "silent") return; // bytes in, nothing out
    const delay = fault === "slow" ? delayMs : 0;
    const reply = (line: string) =>
      setTimeout(() => {
        if (!socket.destroyed) socket.write(`${line}\r\n`);
      }, delay);
    reply("220 faulty.test ESMTP");
    let buffered = "";
    let inData = false;
    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("latin1");
      if (inData) {
        const end = buffered.indexOf("\r\n.\r\n");
        if (end === -1) return;
        buffered = buffered.slice(end + 5);
        inData = false;
        if (fault === "stall-in-data") return; // the message is in; the answer never comes
        delivered++;
        reply("250 2.0.0 queued");
      }
      for (let eol = buffered.indexOf("\r\n"); eol !== -1 && !inData; eol = buffered.indexOf("\r\n")) {
        const command = buffered.slice(0, eol).toUpperCase();
        buffered = buffered.slice(eol + 2);
        if (command.startsWith("EHLO")) reply("250-faulty.test\r\n250 8BITMIME");
        else if (command.startsWith("HELO")) reply("250 faulty.test");
        else if (command.startsWith("MAIL") || command.startsWith("RCPT") || command === "RSET")
          reply("250 2.1.0 ok");
        else if (command === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (command === "QUIT") {
          reply("221 bye");
          setTimeout(() => socket.end(), delay);
        } else reply("502 5.5.2 not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    get delivered() {
      return delivered;
    },
    get connections() {
      return connections;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
