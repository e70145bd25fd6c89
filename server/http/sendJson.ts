/**
 * A JSON answer written straight to the response, for hot routes that answer POSTs. Express's res.json goes through
 * res.send, which parses the Content-Type again, hashes the body for an ETag and checks freshness on every call;
 * none of that serves a POST under the API's Cache-Control: no-store (nobody revalidates it), and on the busiest
 * route it is a measurable share of each request. Not for routes behind idempotentWrites: that captures res.json.
 */
import type { Response } from "express";

const JSON_TYPE = "application/json; charset=utf-8";

export function sendJson(res: Response, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

/** The same with the JSON already written (an answer made once and sent many times). */
export function sendJsonText(res: Response, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", JSON_TYPE);
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}
