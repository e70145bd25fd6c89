/**
 * Starts an HTTP server of the providers' stand-ins and test servers on a local address (127.0.0.1 and a free
 * port unless told otherwise), and closes it with its open connections, so a test's or a developer's stop never
 * waits for a keep-alive socket.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";

export interface ListeningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listenLocally(server: http.Server, options: { port?: number; host?: string } = {}): Promise<ListeningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
