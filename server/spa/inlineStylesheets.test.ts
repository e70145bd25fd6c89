import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineStylesheets, styleSourceFor } from "./inlineStylesheets";

const PAGE =
  '<!doctype html><html><head><title>t</title><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="icon" href="/logo.svg">' +
  '<link rel="stylesheet" href="/brand-theme/0b5cad.css"><link rel="stylesheet" crossorigin href="/assets/block.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/Block.js"></head><body><link rel="stylesheet" href="/assets/late.css"></body></html>';
const SHEETS: Record<string, string> = {
  "/assets/index.css": "body{margin:0}",
  "/brand-theme/0b5cad.css": ":root{--color-primary:#0b5cad}\n",
  "/assets/block.css": ".block{color:red}",
  "/assets/late.css": ".late{}",
};
const read = (href: string) => SHEETS[href] ?? null;

describe("a page's stylesheets written into it", () => {
  it("become one <style> where the first was linked, in the order they applied, allowed by its hash", () => {
    const { html, styleSource } = inlineStylesheets(PAGE, read);
    const css = "body{margin:0}\n:root{--color-primary:#0b5cad}\n\n.block{color:red}";
    expect(html).toBe(
      '<!doctype html><html><head><title>t</title><script type="module" crossorigin src="/assets/index.js"></script>' +
        `<style>${css}</style><link rel="icon" href="/logo.svg">` +
        '<link rel="modulepreload" crossorigin href="/assets/Block.js"></head><body><link rel="stylesheet" href="/assets/late.css"></body></html>',
    );
    expect(styleSource).toBe(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
  });

  it("names the stylesheets it is asked to by a link no browser fetches, for the loader of lazily loaded code", () => {
    const { html } = inlineStylesheets(PAGE, read, (href) => href.startsWith("/assets/"));
    expect(html).toContain(
      '</style><link rel="stylesheet" type="text/x-inlined" href="/assets/index.css">' +
        '<link rel="stylesheet" type="text/x-inlined" href="/assets/block.css"><link rel="icon"',
    );
    expect(html).not.toContain('type="text/x-inlined" href="/brand-theme/0b5cad.css"');
  });

  it("keeps every link when one stylesheet cannot be read, or one could close the element", () => {
    expect(inlineStylesheets(PAGE, (href) => (href === "/assets/block.css" ? null : read(href)))).toEqual({
      html: PAGE,
      styleSource: null,
    });
    expect(inlineStylesheets(PAGE, (href) => (href === "/assets/block.css" ? '.a::after{content:"</style>"}' : read(href)))).toEqual({
      html: PAGE,
      styleSource: null,
    });
    const none = "<html><head><title>t</title></head><body></body></html>";
    expect(inlineStylesheets(none, read)).toEqual({ html: none, styleSource: null });
  });

  it("adds the hash to style-src alone", () => {
    const policy = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:";
    expect(styleSourceFor(policy, "'sha256-abc='")).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-abc=';img-src 'self' data:",
    );
  });
});
