import type { Server } from "node:http";

/**
 * Listens on 127.0.0.1:`port` and, on SIGTERM or SIGINT, closes the server (dropping keep-alive
 * connections), runs `onClose` (close a database) and exits 0.
 */
export async function listenUntilSignalled(
  server: Server,
  port: number,
  onClose?: () => void,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    server.close(async () => {
      await onClose?.();
      process.exit(0);
    });
    server.closeAllConnections();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
