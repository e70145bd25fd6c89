import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, serializeError } from "./logger";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _e, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger("info", stream), text: () => lines.join("") };
}

describe("logger", () => {
  it("redacts PII-ish keys at any depth, as a second guard", () => {
    const { logger, text } = capture();
    logger.info(
      {
        email: "a@example.com",
        claim: { first_name: "Amelia", address: { postcode: "SW1A 2DX" } },
        body: { personalDetails: { lastName: "Hargreaves" }, contactDetails: { phoneNumber: "07700900123" } },
        deep: { er: { signature: "typed:Amelia", password: "pw12345678" } },
        kept: "ok",
      },
      "event",
    );
    const out = text();
    for (const secret of ["a@example.com", "Amelia", "SW1A", "Hargreaves", "07700900123", "pw12345678"]) expect(out).not.toContain(secret);
    expect(out).toContain('"kept":"ok"');
    expect(out).toContain("[redacted]");
  });

  it("keeps only type, message, code and stack of errors (driver errors carry query parameters)", () => {
    const error = Object.assign(new Error("duplicate key value"), {
      code: "23505",
      detail: "Key (email)=(a@example.com)",
      params: ["a@example.com"],
    });
    expect(Object.keys(serializeError(error)).sort()).toEqual(["code", "message", "stack", "type"]);
  });
});
