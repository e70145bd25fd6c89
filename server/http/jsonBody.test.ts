import express from "express";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, BODY_NOT_JSON, BODY_NOT_UTF8_JSON, BODY_TOO_LARGE, errorHandler } from "./errors";
import { jsonBody } from "./jsonBody";
import { fixtureContentJson } from "../../test-fixtures/definitions";

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  const echo: express.RequestHandler = (req, res) => void res.json({ body: req.body === undefined ? "unread" : req.body });
  app.post("/ours", jsonBody, echo);
  // The API's parser, for answers that must be the same.
  app.post("/express", express.json({ limit: BODY_LIMIT_BYTES, strict: true }), echo);
  // A body read once is not read again.
  app.post("/twice", express.json({ limit: BODY_LIMIT_BYTES }), jsonBody, echo);
  app.use(errorHandler(() => fixtureContentJson.text.request));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

async function post(path: string, body: BodyInit | undefined, headers: Record<string, string> = { "content-type": "application/json" }) {
  const res = await fetch(url + path, { method: "POST", headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A request whose body comes a moment after its headers, in two parts, so it is read from the stream as it arrives. */
function postLate(parts: string[], headers: Record<string, string>): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/ours`, { method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as unknown }));
    });
    req.on("error", reject);
    req.flushHeaders();
    let at = 0;
    const next = () => {
      if (at === parts.length) return void req.end();
      req.write(parts[at++]);
      setTimeout(next, 30);
    };
    setTimeout(next, 30);
  });
}

describe("jsonBody", () => {
  it("reads a JSON object or array into req.body, with or without a UTF-8 charset", async () => {
    expect(await post("/ours", JSON.stringify({ search: "10 Dow", n: 1 }))).toEqual({
      status: 200,
      json: { body: { search: "10 Dow", n: 1 } },
    });
    expect(await post("/ours", "[1,2]", { "content-type": "application/json; charset=UTF-8" })).toEqual({
      status: 200,
      json: { body: [1, 2] },
    });
    expect(await post("/ours", '{"name":"Zoë"}', { "content-type": "Application/JSON;charset=utf8" })).toEqual({
      status: 200,
      json: { body: { name: "Zoë" } },
    });
  });

  it("reads a body that arrives after its headers, in parts", async () => {
    const res = await postLate(['{"search":', '"10 Dow"}'], { "content-type": "application/json", "transfer-encoding": "chunked" });
    expect(res).toEqual({ status: 200, json: { body: { search: "10 Dow" } } });
  });

  it("answers bad bodies as express.json does: 400 not JSON, an empty body is {}, other types left unread", async () => {
    const cases: [BodyInit | undefined, Record<string, string>?][] = [
      ['{"search": "10 Dow",'],
      ['"hello"'],
      ["  12"],
      [""],
      ["  { }  "],
      [undefined],
      ["search=10+Dow", { "content-type": "application/x-www-form-urlencoded" }],
      ['{"search":"10 Dow"}', { "content-type": "text/plain" }],
      ['{"a":1}', { "content-type": "application/json; charset=latin1" }],
    ];
    for (const [body, headers] of cases) {
      const ours = await post("/ours", body, headers);
      expect(ours, `body ${String(body)}`).toEqual(await post("/express", body, headers));
    }
    expect(await post("/ours", '{"search": "10 Dow",')).toEqual({ status: 400, json: { error: BODY_NOT_JSON } });
    expect(await post("/ours", '"hello"')).toEqual({ status: 400, json: { error: BODY_NOT_JSON } });
    expect(await post("/ours", "")).toEqual({ status: 200, json: { body: {} } });
    expect(await post("/ours", "a=1", { "content-type": "application/x-www-form-urlencoded" })).toEqual({
      status: 200,
      json: { body: "unread" },
    });
  });

  it("refuses another charset or a compressed body with 415", async () => {
    expect(await post("/ours", '{"a":1}', { "content-type": "application/json; charset=latin1" })).toEqual({
      status: 415,
      json: { error: BODY_NOT_UTF8_JSON },
    });
    expect(await post("/ours", '{"a":1}', { "content-type": "application/json; charset=utf-16" })).toEqual({
      status: 415,
      json: { error: BODY_NOT_UTF8_JSON },
    });
    expect(await post("/ours", "not really gzip", { "content-type": "application/json", "content-encoding": "gzip" })).toEqual({
      status: 415,
      json: { error: BODY_NOT_UTF8_JSON },
    });
  });

  it("takes a body of exactly the limit, and answers 413 to one byte more, declared or not; the connection stays usable", async () => {
    const exactly = JSON.stringify({ s: "x".repeat(BODY_LIMIT_BYTES - 8) });
    expect(exactly.length).toBe(BODY_LIMIT_BYTES);
    expect((await post("/ours", exactly)).status).toBe(200);
    const over = JSON.stringify({ s: "x".repeat(BODY_LIMIT_BYTES - 7) });
    expect(await post("/ours", over)).toEqual({ status: 413, json: { error: BODY_TOO_LARGE } });
    expect(await post("/ours", over)).toEqual(await post("/express", over));
    // Without a length: the limit is found while reading.
    const half = over.length >> 1;
    const late = await postLate([over.slice(0, half), over.slice(half)], {
      "content-type": "application/json",
      "transfer-encoding": "chunked",
    });
    expect(late).toEqual({ status: 413, json: { error: BODY_TOO_LARGE } });
    expect(await post("/ours", '{"after":true}')).toEqual({ status: 200, json: { body: { after: true } } });
  });

  it("a client that goes away in the middle of its body costs nothing but that request", async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${url}/ours`, { method: "POST", headers: { "content-type": "application/json", "content-length": "100" } });
      req.on("error", () => resolve());
      req.write('{"search":');
      setTimeout(() => req.destroy(), 30);
    });
    expect(await post("/ours", '{"after":true}')).toEqual({ status: 200, json: { body: { after: true } } });
  });

  it("leaves a body another parser has read alone", async () => {
    expect(await post("/twice", '{"a":1}')).toEqual({ status: 200, json: { body: { a: 1 } } });
  });
});
