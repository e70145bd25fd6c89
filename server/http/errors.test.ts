import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureContentJson } from "../../test-fixtures/definitions";
import { DatabaseUnavailableError } from "../db/unavailable";
import { errorHandler, type RequestWords } from "./errors";

/** Each request's words: the fixture content's English, or the same marked as another language when it asks for it. */
const english = fixtureContentJson.text.request;
const other = Object.fromEntries(Object.entries(english).map(([key, text]) => [key, `Other: ${text}`])) as RequestWords;

let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.get("/fails", () => {
    throw new Error("a bug");
  });
  app.get("/database-down", () => {
    throw new DatabaseUnavailableError("down", "connection refused");
  });
  app.use(errorHandler((req) => (req.get("x-words") === "other" ? other : english)));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const get = async (path: string, words?: "other") => {
  const res = await fetch(url + path, { headers: words ? { "x-words": words } : {} });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
};

describe("errorHandler answers the server's own words in the request's", () => {
  it("a failure is a 500 in the request's words, with nothing of the error", async () => {
    expect(await get("/fails")).toMatchObject({ status: 500, body: { error: english.failed } });
    expect(await get("/fails", "other")).toMatchObject({ status: 500, body: { error: other.failed } });
  });

  it("the database unavailable is a retryable 503 in the request's words", async () => {
    expect(await get("/database-down")).toEqual({ status: 503, retryAfter: "3", body: { error: english.unavailable, retryable: true } });
    expect(await get("/database-down", "other")).toEqual({
      status: 503,
      retryAfter: "3",
      body: { error: other.unavailable, retryable: true },
    });
  });
});
