import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson } from "./sendJson";

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.post("/ours", (_req, res) => sendJson(res, 502, { name: "Zoë", list: [1, 2], error: null }));
  app.post("/express", (_req, res) => void res.status(502).json({ name: "Zoë", list: [1, 2], error: null }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

describe("sendJson", () => {
  it("answers what res.json answers (status, type, length in bytes, body), without the ETag a POST never uses", async () => {
    const ours = await fetch(`${url}/ours`, { method: "POST" });
    const theirs = await fetch(`${url}/express`, { method: "POST" });
    expect(ours.status).toBe(502);
    expect(ours.headers.get("content-type")).toBe(theirs.headers.get("content-type"));
    expect(ours.headers.get("content-length")).toBe(theirs.headers.get("content-length"));
    expect(await ours.text()).toBe(await theirs.text());
    expect(theirs.headers.get("etag")).not.toBeNull();
    expect(ours.headers.get("etag")).toBeNull();
  });
});
