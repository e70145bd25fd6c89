import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, asUnavailable, databaseFault } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("databaseFault", () => {
  it.each([
    [withCode("57P01", "terminating connection due to administrator command"), "down"],
    [withCode("57P03", "the database system is starting up"), "down"],
    [withCode("08006"), "down"],
    [withCode("53300", "sorry, too many clients already"), "down"],
    [withCode("ECONNREFUSED"), "down"],
    [new Error("Connection terminated unexpectedly"), "down"],
    [Object.assign(new Error("connect ECONNREFUSED"), { errors: [withCode("ECONNREFUSED")] }), "down"],
    [withCode("57014", "canceling statement due to statement timeout"), "busy"],
    [withCode("40001"), "busy"],
    [new Error("timeout exceeded when trying to connect"), "busy"],
  ] as const)("%s is %s", (error, fault) => {
    expect(databaseFault(error)).toBe(fault);
  });

  it("leaves the request's own mistakes alone", () => {
    for (const error of [withCode("23505"), withCode("22P02"), new Error("boom"), null, "text"]) expect(databaseFault(error)).toBeNull();
    const unique = withCode("23505");
    expect(asUnavailable(unique)).toBe(unique);
  });

  it("wraps a retryable fault, keeping the original as its cause", () => {
    const original = withCode("57P01");
    const wrapped = asUnavailable(original) as DatabaseUnavailableError;
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect(wrapped.fault).toBe("down");
    expect(wrapped.cause).toBe(original);
  });
});
