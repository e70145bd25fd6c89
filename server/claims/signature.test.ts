import { describe, expect, it } from "vitest";
import { PNG_SIGNATURE } from "../testing/harness";
import { MAX_SIGNATURE_CHARS, checkSignature } from "./signature";

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(body).toString("base64")}`;

describe("checkSignature", () => {
  it.each([
    ["a PNG data URL", PNG_SIGNATURE],
    ["a typed name", "typed:Amelia Hargreaves"],
    ["a typed name with accents and apostrophes", "typed:Siobhán O'Brien-Núñez"],
  ])("accepts %s", (_name, value) => {
    expect(checkSignature(value)).toBeNull();
  });

  it.each([
    ["plain text", "Amelia"],
    ["a JPEG", "data:image/jpeg;base64,/9j/4AAQSkZJRg=="],
    ["a PNG that is not a PNG", `data:image/png;base64,${Buffer.from("hello world").toString("base64")}`],
    ["bad base64", "data:image/png;base64,@@@@"],
    // SVG is refused outright, however harmless it looks: a blocklist of its dangerous parts can be bypassed.
    ["a harmless-looking SVG", svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>')],
    ["a URL-encoded SVG", `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1"/></svg>')}`],
    [
      "SVG hiding script in an entity",
      svg('<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'),
    ],
    [
      "a PNG header glued to SVG",
      `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<svg onload=alert(1)>")]).toString("base64")}`,
    ],
    ["SVG with script", svg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["SVG with an event handler", svg('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ["SVG with an external link", svg('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>')],
    ["not SVG at all", svg("<html></html>")],
    ["an empty typed name", "typed:  "],
    ["a typed name with markup", "typed:<b>Amelia</b>"],
  ])("refuses %s", (_name, value) => {
    expect(checkSignature(value)).not.toBeNull();
  });

  it("refuses anything over 90 kB", () => {
    const big = `data:image/png;base64,${"A".repeat(MAX_SIGNATURE_CHARS)}`;
    expect(checkSignature(big)).toBe("tooLarge");
  });
});
