import express, { type RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inSequence } from "./inSequence";

const calls: string[] = [];
const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    calls.push(name);
    res.setHeader(`X-${name}`, "1");
    next();
  };

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use("/sequence", inSequence(mark("a"), mark("b"), mark("c")));
  app.get("/sequence", (_req, res) => {
    calls.push("route");
    res.json({ ok: true });
  });
  app.use(
    "/throws",
    inSequence(
      mark("a"),
      () => {
        throw new Error("sync failure");
      },
      mark("never"),
    ),
  );
  app.use(
    "/rejects",
    inSequence(
      mark("a"),
      async () => {
        throw new Error("async failure");
      },
      mark("never"),
    ),
  );
  app.use(
    "/stops",
    inSequence(mark("a"), (_req, res) => void res.status(204).end(), mark("never")),
  );
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ error: error.message });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

describe("inSequence", () => {
  it("runs every handler in order, then the routes after it", async () => {
    calls.length = 0;
    const res = await fetch(`${url}/sequence`);
    expect(res.status).toBe(200);
    expect(calls).toEqual(["a", "b", "c", "route"]);
    for (const name of ["a", "b", "c"]) expect(res.headers.get(`x-${name}`)).toBe("1");
  });

  it("sends a thrown or rejected error to the error handler and runs nothing after it", async () => {
    for (const path of ["/throws", "/rejects"]) {
      calls.length = 0;
      const res = await fetch(url + path);
      expect(res.status).toBe(500);
      expect((await res.json()).error).toMatch(/failure/);
      expect(calls).toEqual(["a"]);
    }
  });

  it("stops where a handler answers without calling next", async () => {
    calls.length = 0;
    const res = await fetch(`${url}/stops`);
    expect(res.status).toBe(204);
    expect(calls).toEqual(["a"]);
  });
});
