/**
 * A small round-robin HTTP proxy in front of the instances, as a load balancer
 * would be: keep-alive to each instance; a connection refused (an instance that
 * is down) goes to the next one, since the request never reached it; a
 * connection lost mid-request answers 502, since it may have been handled, and
 * the client retries with the same Idempotency-Key. A down instance is probed on
 * GET /api/ready until it answers again.
 *
 * Also answers GET /__load/pause?ms=N after N ms: how a virtual consumer waits
 * (a Retry-After) without holding up the load generator; and GET /__load/mail?to=
 * with every instance's sandbox mail to that address (the account-setup code).
 *
 *   node --import tsx tools/load/proxy.ts <port> <instance port>...
 */
import http from "node:http";

const [listenPort, ...backendPorts] = process.argv.slice(2).map(Number);
if (!listenPort || backendPorts.length === 0) {
  console.error("usage: proxy.ts <port> <instance port>...");
  process.exit(2);
}

interface Backend {
  port: number;
  up: boolean;
  agent: http.Agent;
}
const backends: Backend[] = backendPorts.map((port) => ({ port, up: true, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) }));
let turn = 0;

function pick(skip: Set<Backend>): Backend | null {
  for (let i = 0; i < backends.length; i++) {
    const b = backends[turn++ % backends.length];
    if (b.up && !skip.has(b)) return b;
  }
  return null;
}

function probe(b: Backend) {
  // A busy instance may be slow to answer; only a refusal or a 503 keeps it out.
  const req = http.get({ host: "127.0.0.1", port: b.port, path: "/api/ready", agent: false, timeout: 10_000 }, (res) => {
    res.resume();
    if (res.statusCode === 200) b.up = true;
    else setTimeout(() => probe(b), 300);
  });
  req.on("error", () => setTimeout(() => probe(b), 300));
  req.on("timeout", () => req.destroy());
}

function markDown(b: Backend) {
  if (!b.up) return;
  b.up = false;
  setTimeout(() => probe(b), 300);
}

const server = http.createServer((req, res) => {
  if (req.url?.startsWith("/__load/mail")) {
    void gatherMail(new URL(req.url, "http://x").searchParams.get("to") ?? "").then(
      (mails) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ mails })),
      () => res.writeHead(502).end("{}"),
    );
    return;
  }
  if (req.url?.startsWith("/__load/pause")) {
    const ms = Math.min(10_000, Number(new URL(req.url, "http://x").searchParams.get("ms")) || 0);
    setTimeout(() => res.end("{}"), ms);
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => forward(req, res, Buffer.concat(chunks), new Set()));
});

/** Each instance keeps its own sandbox mailbox: a consumer's mail is in whichever instance sent it. */
async function gatherMail(to: string): Promise<unknown[]> {
  const answers = await Promise.allSettled(
    backendPorts.map(async (port) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/dev/mail?to=${encodeURIComponent(to)}`);
      return res.ok ? (((await res.json()) as { mails?: unknown[] }).mails ?? []) : [];
    }),
  );
  return answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<Backend>, resets = 0) {
  const backend = pick(tried);
  if (!backend) {
    res.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
    res.end(JSON.stringify({ error: "No instance is up" }));
    return;
  }
  tried.add(backend);
  const upstream = http.request(
    { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers: req.headers, agent: backend.agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    },
  );
  upstream.on("error", (error: NodeJS.ErrnoException) => {
    // Refused: the instance is down. Reset on a reused keep-alive connection before any answer: the instance closed
    // that idle connection as the request went out, so it never saw it. Either way another instance may have it.
    const neverArrived = error.code === "ECONNREFUSED" || (error.code === "ECONNRESET" && upstream.reusedSocket && !res.headersSent);
    if (neverArrived && error.code === "ECONNRESET" && resets < 3) {
      tried.delete(backend);
      return forward(req, res, body, tried, resets + 1);
    }
    if (error.code === "ECONNREFUSED") {
      markDown(backend);
      forward(req, res, body, tried, resets);
      return;
    }
    // Reset mid-request: the instance may be dying (kill -9); keep it out until it answers /api/ready again.
    if (error.code === "ECONNRESET" || error.code === "EPIPE") markDown(backend);
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: `The instance went away mid-request (${error.code ?? error.message})` }));
  });
  upstream.end(body);
}

server.keepAliveTimeout = 60_000;
server.listen(listenPort, "127.0.0.1", () => console.log(`proxy on ${listenPort} → ${backendPorts.join(", ")}`));
