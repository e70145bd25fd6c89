import express, { Router } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { underPath, underPaths } from "./underPath";

let url: string;
let close: () => void;
let entered = 0;
beforeAll(async () => {
  const inner = Router();
  inner.use((_req, _res, next) => {
    entered++;
    next();
  });
  inner.get("/partners/claims", (_req, res) => void res.json({ route: "claims" }));
  inner.post("/partners/claims/:id/link", (req, res) => void res.json({ route: "link", id: req.params.id }));
  const api = Router();
  api.use(underPath("/partners", inner));
  const health = Router();
  health.get("/health", (_req, res) => void res.json({ route: "health" }));
  const ready = Router();
  ready.get("/ready", (_req, res) => void res.json({ route: "ready" }));
  ready.get("/ready/deep", (_req, res) => void res.json({ route: "ready deep" }));
  api.use(
    underPaths([
      ["/health", health],
      ["/ready", ready],
    ]),
  );
  api.use((_req, res) => void res.status(404).json({ route: "after" }));
  const app = express();
  app.use("/api", api);
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  close = () => server.close();
});
afterAll(() => close?.());

describe("underPath", () => {
  it("enters the router for its paths, in any case and with a trailing slash, as Express would match them", async () => {
    for (const path of ["/partners/claims", "/Partners/Claims", "/partners/claims/"]) {
      expect(await (await fetch(url + path)).json()).toEqual({ route: "claims" });
    }
    expect(await (await fetch(`${url}/partners/claims/abc/link`, { method: "POST" })).json()).toEqual({ route: "link", id: "abc" });
  });

  it("sends every other path straight on, without entering the router", async () => {
    entered = 0;
    for (const path of ["/address/search", "/partnersx", "/partner", "/"]) {
      const res = await fetch(url + path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ route: "after" });
    }
    expect(entered).toBe(0);
  });
});

describe("underPaths", () => {
  it("enters the router whose paths the request is under, and only that one", async () => {
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ route: "health" });
    expect(await (await fetch(`${url}/Ready/`)).json()).toEqual({ route: "ready" });
    expect(await (await fetch(`${url}/ready/deep`)).json()).toEqual({ route: "ready deep" });
  });

  it("sends every other path straight on", async () => {
    for (const path of ["/healthy", "/read", "/ready-now", "/address/search"]) {
      const res = await fetch(url + path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ route: "after" });
    }
  });

  it("goes on when the router it entered has no route for the request", async () => {
    const res = await fetch(`${url}/health/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ route: "after" });
  });
});
