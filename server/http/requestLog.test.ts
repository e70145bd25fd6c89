import express from "express";
import type { AddressInfo } from "node:net";
import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { requestLine, requestLogger } from "./requestLog";

/** What pino itself writes for the request line (as the request logger did before it put the line together itself). */
function pinoLine(
  level: "info" | "warn" | "error",
  time: number,
  fields: { id: string; method: string; path: string; status: number; ms: number },
) {
  let out = "";
  const stream = new Writable({
    write(chunk, _e, done) {
      out += chunk.toString();
      done();
    },
  });
  const logger = pino({ level: "info", base: undefined, timestamp: () => `,"time":${time}` }, stream);
  logger[level](
    { req: { id: fields.id, method: fields.method, path: fields.path }, res: { statusCode: fields.status }, responseTimeMs: fields.ms },
    `${fields.method} ${fields.path} ${fields.status}`,
  );
  return out;
}

describe("requestLine", () => {
  it.each([
    ["info", 30, { id: "0b6f3c52-7d0b-4a5e-9d07-1c5b8d2b7a10", method: "GET", path: "/claim/v3b/get-started", status: 200, ms: 3 }],
    ["warn", 40, { id: "b", method: "POST", path: "/api/address/search", status: 429, ms: 0 }],
    ["error", 50, { id: "c", method: "GET", path: '/a"b\\c/%E2%80%A8\u2028\u0001é', status: 500, ms: 12 }],
  ] as const)("is the line pino writes, byte for byte (%s)", (name, level, fields) => {
    const expected = pinoLine(name, 1795405013418, fields);
    expect(expected).not.toBe("");
    const line = requestLine(level, 1795405013418, fields.id, fields.method, fields.path, fields.status, fields.ms);
    expect(line).toBe(expected);
    expect(JSON.parse(line)).toMatchObject({ level, req: { path: fields.path }, res: { statusCode: fields.status } });
  });
});

describe("requestLogger", () => {
  it("writes one line per request, and req.log carries the request's id, method and path (no query), redacting", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        lines.push(...chunk.toString().trim().split("\n"));
        done();
      },
    });
    const app = express();
    app.use(requestLogger(createLogger("info", stream)));
    app.get("/logs", (req, res) => {
      req.log.warn({ email: "a@example.com", step: "here" }, "route said something");
      res.status(201).json({});
    });
    app.get("/quiet", (_req, res) => void res.status(404).json({}));
    app.get("/id", (req, res) => void res.json({ id: req.id, own: Object.hasOwn(req, "id") }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const logged = await fetch(`${base}/logs?secret=1`);
      const quiet = await fetch(`${base}/quiet`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const parsed = lines.map((line) => JSON.parse(line));
      const id = logged.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(quiet.headers.get("x-request-id")).not.toBe(id);
      const said = parsed.find((l) => l.msg === "route said something");
      expect(said).toMatchObject({ level: 40, req: { id, method: "GET", path: "/logs" }, step: "here", email: "[redacted]" });
      expect(parsed.find((l) => l.msg === "GET /logs 201")).toMatchObject({
        level: 30,
        req: { id, path: "/logs" },
        res: { statusCode: 201 },
      });
      expect(parsed.find((l) => l.msg === "GET /quiet 404")).toMatchObject({ level: 40, req: { id: quiet.headers.get("x-request-id") } });
      expect(lines.join("\n")).not.toContain("secret");
      // req.id is the id the response carries, and nothing is kept on the request for it.
      const asked = await fetch(`${base}/id`);
      expect(await asked.json()).toEqual({ id: asked.headers.get("x-request-id"), own: false });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines).toHaveLength(4);
    } finally {
      server.close();
    }
  });

  it("hands the lines of one turn of the event loop to the stream as one write, in order, each line whole", async () => {
    const writes: string[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        writes.push(chunk.toString());
        done();
      },
    });
    const middleware = requestLogger(createLogger("info", stream));
    const app = express();
    const responses = [0, 1, 2].map((n) => {
      const req = Object.setPrototypeOf(new EventEmitter(), app.request) as express.Request;
      Object.assign(req, { method: "POST", url: `/api/address/search?n=${n}`, originalUrl: `/api/address/search?n=${n}` });
      const res = Object.assign(new EventEmitter(), {
        req,
        statusCode: 200 + n,
        setHeader: () => undefined,
      }) as unknown as express.Response;
      middleware(req, res, () => undefined);
      return res;
    });
    for (const res of responses) res.emit("close");
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writes).toHaveLength(1);
    const lines = writes[0]
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.msg)).toEqual([
      "POST /api/address/search 200",
      "POST /api/address/search 201",
      "POST /api/address/search 202",
    ]);
  });
});
