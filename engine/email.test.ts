import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email";

describe("isEmailAddress", () => {
  it("accepts ordinary addresses", () => {
    for (const address of ["ann@example.co.uk", "a.b+tag@mail.example.com", "x@y.io"]) expect(isEmailAddress(address)).toBe(true);
  });
  it("refuses addresses with an empty domain label, a short last label, spaces or two @", () => {
    for (const address of [
      "ann@example..com",
      "ann@.example.com",
      "ann@example.c",
      "ann @example.com",
      "a@b@example.com",
      "ann@example",
      "@example.com",
    ]) {
      expect(isEmailAddress(address)).toBe(false);
    }
  });
});

describe("the email shape", () => {
  it("is written once: no other source file holds an email regular expression", () => {
    const root = new URL("../", import.meta.url).pathname;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === "node_modules" || name.startsWith(".") || name === "dist") continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts") && !path.endsWith(join("engine", "email.ts"))) {
          if (/\[\^\\s@/.test(readFileSync(path, "utf8"))) offenders.push(path.slice(root.length));
        }
      }
    };
    for (const dir of ["engine", "renderer", "server", "schema", "tools"]) walk(join(root, dir));
    expect(offenders).toEqual([]);
  });
});
