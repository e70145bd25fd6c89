import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./pageCache";

const pageOf = (text: string): CachedPage => ({ kind: "page", status: 200, body: Buffer.from(text), etag: `W/"${text}"` });

describe("PageCache", () => {
  it("makes a page once per key while the definitions are the same", () => {
    const cache = new PageCache();
    const sources = [[], {}];
    let made = 0;
    const make = () => pageOf(`page ${++made}`);
    expect(cache.get(sources, "fairdrive\n/claim/v3b/get-started", make)).toEqual(pageOf("page 1"));
    expect(cache.get(sources, "fairdrive\n/claim/v3b/get-started", make)).toEqual(pageOf("page 1"));
    expect(cache.get(sources, "checkmycar-kba\n/claim/v3b/get-started", make)).toEqual(pageOf("page 2"));
    expect(made).toBe(2);
  });

  it("drops every page when any of the definitions is replaced (reloaded)", () => {
    const cache = new PageCache();
    const funnels: unknown[] = [];
    const brands: unknown[] = [];
    let made = 0;
    const make = () => pageOf(`page ${++made}`);
    cache.get([funnels, brands], "a", make);
    cache.get([funnels, brands], "b", make);
    expect(cache.size).toBe(2);
    expect(cache.get([funnels, [...brands]], "a", make)).toEqual(pageOf("page 3"));
    expect(cache.size).toBe(1);
    expect(cache.get([[...funnels], brands], "a", make)).toEqual(pageOf("page 4"));
  });

  it("stays within its entry and byte limits", () => {
    const cache = new PageCache({ entries: 3, bytes: 1000 });
    for (let i = 0; i < 10; i++) cache.get([], `key ${i}`, () => pageOf("x".repeat(100)));
    expect(cache.size).toBeLessThanOrEqual(3);
    const big = new PageCache({ entries: 100, bytes: 1000 });
    for (let i = 0; i < 30; i++) big.get([], `key ${i}`, () => pageOf("x".repeat(300)));
    expect(big.size).toBeLessThanOrEqual(3);
    // A page larger than the whole cache is sent, not kept.
    expect(big.get([], "huge", () => pageOf("x".repeat(2000))).kind).toBe("page");
    let remade = false;
    big.get([], "huge", () => ((remade = true), pageOf("x".repeat(2000))));
    expect(remade).toBe(true);
  });
});
