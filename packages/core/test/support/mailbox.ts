import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Mail {
  /** RCPT TO addresses, as the server received them. */
  to: string[];
  subject: string;
  /** The whole message as sent: headers and encoded body. */
  raw: string;
  text: string;
  html: string;
}

export interface Mailbox {
  port: number;
  messages: Mail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (any free port) that keeps every message it is given. Addresses
 * in `refuse` are turned away at RCPT TO with a 550, as a server does for an unknown mailbox.
 */
export async function startMailbox(options: { refuse?: readonly string[] } = {}): Promise<Mailbox> {
  const messages: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        callback(Object.assign(new Error("no such mailbox"), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...bodies(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** The subject and the decoded text/plain and text/html parts of a (possibly multipart) message. */
function bodies(raw: string): { subject: string; text: string; html: string } {
  const found = { subject: "", text: "", html: "" };
  const visit = (entity: string) => {
    const split = entity.indexOf("\r\n\r\n");
    const head = unfold(entity.slice(0, split));
    const body = entity.slice(split + 4);
    found.subject ||= headerText(/^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "");
    const type = /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.trim().toLowerCase() ?? "text/plain";
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (type.startsWith("multipart/") && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (!part.startsWith("--")) visit(part.replace(/^\r\n/, ""));
      }
      return;
    }
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    const decoded = decode(body, encoding);
    if (type === "text/plain") found.text += decoded;
    if (type === "text/html") found.html += decoded;
  };
  visit(raw);
  return found;
}

/**
 * A header value with its RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`, as nodemailer
 * writes a non-ASCII subject) decoded; the space between two adjacent encoded words is not text.
 */
function headerText(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_word, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decode(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function unfold(head: string): string {
  return head.replace(/\r\n[ \t]+/g, " ");
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const soft = body.replace(/=\r\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === "=" ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3))?.[0] : undefined;
      if (hex !== undefined) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i]!, "utf8"));
      }
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}
