import { type AddressInfo, connect, createServer, type Socket } from "node:net";

/**
 * What a {@link FaultProxy} does with the bytes and connections it carries:
 * - `pass`: forwards everything, as if it were not there.
 * - `reset`: resets every open connection (a TCP RST to the client) and every new one as it is
 *   accepted: the server crashed, restarted or a middlebox dropped its state.
 * - `hold`: passes no bytes either way, on open connections and on new ones (which are accepted,
 *   as the kernel does, and then hear nothing): a network partition, a hung server. What was held
 *   is delivered, in order, once the mode changes.
 * - `drop`: open connections keep working; new ones are accepted and never answered nor forwarded
 *   (they stay silent until the client gives up): a firewall dropping SYNs, a full listen queue.
 * - `hold-replies`: the client's bytes go through, the server's are held: a one-way partition, or a
 *   client too busy to read. What was held, and then the server closing the connection, reach the
 *   client once the mode changes, in one read: a reply and the server's goodbye that arrive
 *   together (a backend terminated just after it said it was ready).
 * - `slow`: every chunk is delivered `delayMs` late, in order: a saturated link or server.
 */
export type FaultMode = "pass" | "reset" | "hold" | "hold-replies" | "drop" | "slow";

/** A TCP proxy in front of a real server (PostgreSQL, SMTP, an OpenID provider) that fails on command. */
export interface FaultProxy {
  /** Where clients connect: 127.0.0.1 on this port. */
  readonly port: number;
  /** The current mode. */
  readonly mode: FaultMode;
  /** Connections open through the proxy now (swallowed ones included). */
  readonly connections: number;
  /** Switches to `mode`; it applies at once to open connections and to new ones. */
  set(mode: Exclude<FaultMode, "slow">): void;
  /** Switches to `slow`: each chunk from now on arrives `delayMs` after it was sent. */
  set(mode: "slow", delayMs: number): void;
  /** Resets every open connection once; the mode (and new connections) stay as they are. */
  resetAll(): void;
  /** Closes the proxy and every connection through it. */
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) to `target`, in `pass` mode. Written for fault tests:
 * no back-pressure between the two sides, and everything it reads is kept until delivered.
 *
 * @example
 * const proxy = await startFaultProxy({ host: "127.0.0.1", port: 5432 });
 * proxy.set("hold"); …; proxy.set("pass"); await proxy.close();
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const state: State = { mode: "pass", delayMs: 0 };
  const links = new Set<Link>();

  const server = createServer((client) => {
    client.on("error", () => {});
    if (state.mode === "reset") {
      client.resetAndDestroy();
      return;
    }
    const link = new Link(state, client, state.mode === "drop" ? null : connectUpstream(target));
    links.add(link);
    link.closed.then(() => links.delete(link));
    link.pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    port: (server.address() as AddressInfo).port,
    get mode() {
      return state.mode;
    },
    get connections() {
      return links.size;
    },
    set(mode: FaultMode, delayMs?: number) {
      state.mode = mode;
      state.delayMs = mode === "slow" ? (delayMs ?? 0) : 0;
      for (const link of links) {
        if (mode === "reset") link.reset();
        else link.pump();
      }
    },
    resetAll() {
      for (const link of links) link.reset();
    },
    close() {
      for (const link of links) link.reset();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface State {
  mode: FaultMode;
  delayMs: number;
}

/** One client connection and its upstream (null when swallowed by `drop`). */
class Link {
  readonly closed: Promise<void>;
  private readonly client: Socket;
  private readonly upstream: Socket | null;
  private readonly lanes: Lane[];

  constructor(state: State, client: Socket, upstream: Socket | null) {
    this.client = client;
    this.upstream = upstream;
    const toClient = new Lane(state, client, "to-client");
    this.closed = new Promise((resolve) => {
      client.on("close", () => {
        // The client going away ends the pair, as a plain TCP connection would end.
        upstream?.destroy();
        resolve();
      });
      // The server going away: the client hears it after what the server sent before (held or
      // late bytes are still delivered), as TCP delivers a FIN after the data.
      upstream?.on("close", () => toClient.endAfterQueue());
    });
    if (upstream === null) {
      // Swallowed: read and forgotten, never answered.
      client.resume();
      this.lanes = [];
      return;
    }
    const toUpstream = new Lane(state, upstream, "to-server");
    client.on("data", (chunk: Buffer) => toUpstream.push(chunk));
    upstream.on("data", (chunk: Buffer) => toClient.push(chunk));
    this.lanes = [toUpstream, toClient];
  }

  pump(): void {
    for (const lane of this.lanes) lane.pump();
  }

  reset(): void {
    this.client.resetAndDestroy();
    this.upstream?.destroy();
  }
}

/** One direction of a link: chunks in arrival order, each with the time it may be delivered. */
class Lane {
  private readonly queue: { chunk: Buffer; due: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private ending = false;
  private readonly state: State;
  private readonly to: Socket;
  private readonly direction: "to-server" | "to-client";

  constructor(state: State, to: Socket, direction: "to-server" | "to-client") {
    this.state = state;
    this.to = to;
    this.direction = direction;
  }

  push(chunk: Buffer): void {
    this.queue.push({ chunk, due: Date.now() + this.state.delayMs });
    this.pump();
  }

  /** The other side closed: end this one once the queue is delivered. */
  endAfterQueue(): void {
    this.ending = true;
    this.pump();
  }

  /** Delivers what is due, in one write, unless held; then waits for the next chunk's time. */
  pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const { mode } = this.state;
    if (mode === "hold" || (mode === "hold-replies" && this.direction === "to-client")) return;
    const now = Date.now();
    const due: Buffer[] = [];
    let head = this.queue[0];
    while (head !== undefined && head.due <= now) {
      due.push(head.chunk);
      this.queue.shift();
      head = this.queue[0];
    }
    if (due.length > 0 && !this.to.destroyed) this.to.write(Buffer.concat(due));
    if (head !== undefined) this.timer = setTimeout(() => this.pump(), head.due - now);
    else if (this.ending) this.to.end(() => this.to.destroy());
  }
}

function connectUpstream(target: { host: string; port: number }): Socket {
  const socket = connect(target.port, target.host);
  socket.on("error", () => {});
  return socket;
}
