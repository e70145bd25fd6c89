/**
 * A scripted HTTP server on 127.0.0.1:0 for provider contract tests: each
 * request goes to `reply`, which answers JSON, raw text, a hang (for
 * timeouts) or a dropped connection. Every request is recorded.
 */
import http from "node:http";
import { listenLocally } from "./listenLocally";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The raw body. */
  raw: string;
  /** The body parsed as JSON, or undefined. */
  json: any;
}

export type Reply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; text: string }
  | "hang"
  | "drop";

export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startLocalServer(reply: (request: RecordedRequest, index: number) => Reply | Promise<Reply>): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://local");
      const raw = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const request: RecordedRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw,
        json,
      };
      requests.push(request);
      const answer = await reply(request, requests.length - 1);
      if (answer === "hang") return;
      if (answer === "drop") {
        req.socket.destroy();
        return;
      }
      const body = "json" in answer ? JSON.stringify(answer.json) : answer.text;
      res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
      res.end(body);
    });
  });
  const { url, close } = await listenLocally(server);
  return { url, requests, close };
}
