import { describe, expect, it } from "vitest";
import { footerHtmlRemovals, isAllowedHref, sanitizeFooterHtml } from "./sanitizeFooter";

describe("sanitizeFooterHtml (the footer allow-list)", () => {
  it("keeps formatting: b, strong, i, em, br, p, ul, li", () => {
    const html = "<p><b>Bold</b> <strong>strong</strong> <i>i</i> <em>em</em><br></p><ul><li>One</li></ul>";
    expect(sanitizeFooterHtml(html)).toBe("<p><b>Bold</b> <strong>strong</strong> <i>i</i> <em>em</em><br /></p><ul><li>One</li></ul>");
  });

  it("keeps http, https, mailto and relative links, adding rel=noopener noreferrer", () => {
    const out = sanitizeFooterHtml(
      '<a href="https://www.financial-ombudsman.org.uk/" target="_blank">FOS</a> <a href="http://a.example">a</a> <a href="mailto:help@example.org">mail</a> <a href="/privacy-policy">privacy</a>',
    );
    expect(out).toBe(
      '<a href="https://www.financial-ombudsman.org.uk/" target="_blank" rel="noopener noreferrer">FOS</a> <a href="http://a.example" rel="noopener noreferrer">a</a> <a href="mailto:help@example.org" rel="noopener noreferrer">mail</a> <a href="/privacy-policy" rel="noopener noreferrer">privacy</a>',
    );
  });

  it("removes <script> and its content", () => {
    expect(sanitizeFooterHtml("<b>ok</b><script>alert(1)</script>")).toBe("<b>ok</b>");
    expect(sanitizeFooterHtml("<SCRIPT src=//evil.example/x.js></SCRIPT>text")).toBe("text");
  });

  it("removes event handlers (onerror=, onclick=) and the elements that carry them", () => {
    expect(sanitizeFooterHtml('<img src=x onerror="alert(1)">after')).toBe("after");
    expect(sanitizeFooterHtml('<b onclick="alert(1)" onmouseover=alert(2)>b</b>')).toBe("<b>b</b>");
    expect(sanitizeFooterHtml('<svg onload="alert(1)"><circle /></svg>x')).toBe("x");
  });

  it("removes javascript:, data: and protocol-relative links, even disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java&#09;script:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "//evil.example",
    ]) {
      const out = sanitizeFooterHtml(`<a href="${href}">link</a>`);
      expect(out, href).toBe('<a rel="noopener noreferrer">link</a>');
    }
  });

  it("removes iframes, styles, style attributes, forms and objects", () => {
    expect(sanitizeFooterHtml('<iframe src="https://evil.example">x</iframe>a')).toBe("a");
    expect(sanitizeFooterHtml("<style>body{display:none}</style>b")).toBe("b");
    expect(sanitizeFooterHtml('<p style="position:fixed;inset:0">c</p>')).toBe("<p>c</p>");
    expect(sanitizeFooterHtml('<form action="/x"><input name="q"><button>go</button></form>d')).toBe("god");
    expect(sanitizeFooterHtml('<object data="x.swf"></object><embed src="x">e')).toBe("e");
  });

  it("drops a target other than _blank", () => {
    expect(sanitizeFooterHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x" rel="noopener noreferrer">x</a>');
  });

  it("is idempotent", () => {
    const once = sanitizeFooterHtml('<p><b>x</b><a href="/a" onclick="y()">a</a><script>z()</script></p>');
    expect(sanitizeFooterHtml(once)).toBe(once);
  });
});

describe("isAllowedHref", () => {
  it.each([
    ["https://example.org", true],
    ["mailto:a@example.org", true],
    ["/privacy-policy", true],
    ["#top", true],
    ["javascript:alert(1)", false],
    ["//evil.example", false],
    ["java\nscript:alert(1)", false],
    [undefined, false],
  ])("%s → %s", (href, allowed) => {
    expect(isAllowedHref(href)).toBe(allowed);
  });
});

describe("footerHtmlRemovals (what the lint warns about)", () => {
  it("names removed elements, handlers and schemes", () => {
    expect(footerHtmlRemovals('<b>x</b><script>1</script><img onerror="x"><a href="javascript:x">j</a><p style="a">s</p>')).toEqual([
      "<script>",
      "<img>",
      "onerror=",
      "style=",
      "javascript: link",
    ]);
  });

  it("is empty for a footer that survives as written", () => {
    expect(
      footerHtmlRemovals('<p><b>Brand</b> is a trading name of Co Ltd. <a href="https://www.financial-ombudsman.org.uk/">FOS</a></p>'),
    ).toEqual([]);
  });
});
