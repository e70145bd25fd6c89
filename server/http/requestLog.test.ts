import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { requestLine } from "./requestLog";

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
