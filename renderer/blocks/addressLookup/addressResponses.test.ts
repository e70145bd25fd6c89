import { describe, expect, it } from "vitest";
import { isSearchable, readRetrieveResult, readSearchResult } from "./addressResponses";

const ok = <T>(body: T) => ({ ok: true, status: 200, body: body as T & { error?: string | null } });

describe("readSearchResult", () => {
  it("keeps the session id and turns results into options", () => {
    expect(
      readSearchResult(
        ok({
          sessionId: "s-1",
          Results: [
            { label: "1 High Street, Leeds", value: "id-1" },
            { label: "2 High Street", value: 22 },
          ],
        }),
      ),
    ).toEqual({
      ok: true,
      sessionId: "s-1",
      options: [
        { label: "1 High Street, Leeds", id: "id-1" },
        { label: "2 High Street", id: "22" },
      ],
    });
  });

  it("treats missing results as none found", () => {
    expect(readSearchResult(ok({ sessionId: "" }))).toEqual({ ok: true, sessionId: null, options: [] });
  });

  it("drops malformed entries", () => {
    expect(
      readSearchResult(
        ok({
          Results: [
            { label: 5, value: "x" },
            { label: "ok", value: null },
            { label: "A", value: "a" },
          ],
        }),
      ),
    ).toMatchObject({
      options: [{ label: "A", id: "a" }],
    });
  });

  it("fails on an HTTP error, an error field or a malformed body", () => {
    expect(readSearchResult({ ok: false, status: 500, body: { error: "down" } })).toEqual({ ok: false });
    expect(readSearchResult(ok({ error: "Provider unavailable", Results: [] }))).toEqual({ ok: false });
    expect(readSearchResult(ok({ Results: "nope" as never }))).toEqual({ ok: false });
  });
});

describe("readRetrieveResult", () => {
  it("maps the raw address", () => {
    expect(
      readRetrieveResult(
        ok({
          Result: {
            RawAddress: { BuildingNumber: 3, ThoroughfareName: "Mill", ThoroughfareDesc: "Lane", Locality: "York", Postcode: "YO1 7HH" },
          },
        }),
      ),
    ).toMatchObject({ houseNumber: "3", street: "Mill Lane", city: "York", postcode: "YO1 7HH" });
  });

  it("fails without a raw address or on an error", () => {
    expect(readRetrieveResult(ok({ Result: null }))).toBeNull();
    expect(readRetrieveResult(ok({ error: "nope", Result: { RawAddress: {} } }))).toBeNull();
    expect(readRetrieveResult({ ok: false, status: 502, body: {} })).toBeNull();
  });
});

describe("isSearchable", () => {
  it("needs the minimum number of characters, ignoring surrounding spaces", () => {
    expect(isSearchable("ab", 3)).toBe(false);
    expect(isSearchable("  ab ", 3)).toBe(false);
    expect(isSearchable("abc", 3)).toBe(true);
  });
});
