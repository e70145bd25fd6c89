import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import type { Queryable } from "../db/db";
import { updateMetadataWithRetry } from "./metadata";

const db = {} as Queryable;

describe("metadata update with one retry", () => {
  it("retries once after the delay and succeeds", async () => {
    const update = vi.fn().mockRejectedValueOnce(new Error("blip")).mockResolvedValueOnce(undefined);
    const started = Date.now();
    expect(await updateMetadataWithRetry(db, pino({ level: "silent" }), "u1", { password_set: true }, { update, retryMs: 50 })).toBe(true);
    expect(update).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("gives up after the retry and only logs (the keys, not the values)", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void lines.push(line) });
    const update = vi.fn().mockRejectedValue(new Error("down"));
    expect(await updateMetadataWithRetry(db, logger, "u1", { password_set: true }, { update, retryMs: 1 })).toBe(false);
    expect(update).toHaveBeenCalledTimes(2);
    expect(lines.join("")).toContain("user metadata update failed after a retry");
    expect(lines.join("")).toContain("password_set");
  });
});
