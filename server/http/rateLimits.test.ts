import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Request } from "express";
import { DEFAULT_RATE_LIMITS, pinClientAddress, scaleRateLimits } from "./rateLimits";

describe("rate limit multiplier", () => {
  it("multiplies the counts and keeps the windows", () => {
    const scaled = scaleRateLimits({ ...DEFAULT_RATE_LIMITS, passwordReset: 5 }, 50);
    expect(scaled.creditCheck).toBe(DEFAULT_RATE_LIMITS.creditCheck * 50);
    expect(scaled.addressSearch).toBe(DEFAULT_RATE_LIMITS.addressSearch * 50);
    expect(scaled.login).toBe(DEFAULT_RATE_LIMITS.login * 50);
    expect(scaled.passwordReset).toBe(250);
    expect(scaled.windowMs).toBe(DEFAULT_RATE_LIMITS.windowMs);
  });
  it("defaults to 1 and refuses nonsense with the variable's name", () => {
    expect(loadConfig({}).rateLimitMultiplier).toBe(1);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: "0" })).toThrow(/RATE_LIMIT_MULTIPLIER/);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: "lots" })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });
});

describe("pinClientAddress", () => {
  it("works the client address out once and keeps it on the request", () => {
    let worked = 0;
    const proto = {
      get ip() {
        worked++;
        return "198.51.100.7";
      },
    };
    const req = Object.create(proto) as Request;
    pinClientAddress(req);
    pinClientAddress(req);
    expect([req.ip, req.ip, req.ip]).toEqual(["198.51.100.7", "198.51.100.7", "198.51.100.7"]);
    expect(worked).toBe(1);
  });
});
