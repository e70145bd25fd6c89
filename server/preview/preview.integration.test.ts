/**
 * /preview in development: the index, a step with sample answers (or none),
 * live reload when a definition is saved, the lint's problems while the files
 * are broken (the last good definitions stay), and nothing in production.
 * Uses the lint fixtures in a temporary definitions folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/harness";

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../lint/fixtures/valid/${name}`, import.meta.url)), "utf8");
const dist = fileURLToPath(new URL("../../renderer/public", import.meta.url)); // no build needed: the fallback page still carries the boot data

let dir: string;
let dev: TestServer;
let production: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "preview-"));
  for (const folder of ["funnels", "brands", "content"]) mkdirSync(path.join(dir, folder));
  // The tests' own shared content (it has no copy overrides, which would name blocks of other funnels).
  const site = JSON.parse(
    readFileSync(fileURLToPath(new URL("../../test-fixtures/definitions/content/site.json", import.meta.url)), "utf8"),
  );
  writeFileSync(
    path.join(dir, "content", "site.json"),
    JSON.stringify({ ...site, $schema: "../../schema/json/content.schema.json" }, null, 2),
  );
  writeFileSync(path.join(dir, "funnels", "fixture.json"), fixture("minimal-funnel.json").replace("../../../../schema", "../../schema"));
  writeFileSync(path.join(dir, "brands", "fixture.json"), fixture("brand.json").replace("../../../../schema", "../../schema"));
  [dev, production] = await Promise.all([
    startTestServer({ nodeEnv: "development", definitionsDir: dir, rendererDir: dist }),
    startTestServer({ nodeEnv: "production", definitionsDir: dir, rendererDir: dist }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([dev?.stop(), production?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

async function boot(server: TestServer, pathname: string) {
  const res = await fetch(server.url + pathname);
  const html = await res.text();
  const match = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html);
  return { status: res.status, boot: match ? JSON.parse(match[1]) : null };
}

/** Reads server-sent events until one named `name` arrives. */
async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, name: string): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before '${name}'`);
    text += decoder.decode(value);
    const match = new RegExp(`event: ${name}\\ndata: (\\S+)\\n\\n`).exec(text);
    if (match) return match[1];
  }
}

describe("/preview in development", () => {
  it("lists every funnel, step and brand", async () => {
    const { status, boot: data } = await boot(dev, "/preview");
    expect(status).toBe(200);
    expect(data.preview.funnels).toEqual([
      {
        version: "fixture",
        title: "Car finance claim (lint fixture)",
        steps: expect.arrayContaining([{ id: "about-you", title: "About you" }]),
      },
    ]);
    expect(data.preview.brands).toEqual([{ brandId: "fixture-brand", brandName: "Fixture Claims" }]);
    expect(data.preview.problems.filter((p: { severity: string }) => p.severity === "error")).toEqual([]);
  });

  it("renders a step with sample answers chosen by field kind, or none; an unknown step is a 404", async () => {
    const { boot: filled } = await boot(dev, "/preview/fixture-brand/fixture/about-you");
    expect(filled).toMatchObject({
      stepId: "about-you",
      mountPath: "fixture",
      brand: { brandId: "fixture-brand" },
      funnel: { version: "fixture" },
    });
    expect(filled.preview.answers).toMatchObject({
      hadFinance: "yes",
      personalDetails: { firstName: "Sam" },
      contactDetails: { email: "sam.sample@example.com" },
    });
    expect(filled.preview.answers.signature).toBeUndefined();
    expect((await boot(dev, "/preview/fixture-brand/fixture/about-you?answers=empty")).boot.preview.answers).toEqual({});
    expect((await boot(dev, "/preview/fixture-brand/fixture/nowhere")).status).toBe(404);
  });

  it("re-lints and tells open pages to reload when a file is saved, and keeps the last good definitions while one is broken", async () => {
    const events = await fetch(`${dev.url}/preview/events`);
    expect(events.headers.get("content-type")).toBe("text/event-stream");
    const reader = events.body!.getReader();
    const first = Number(await nextEvent(reader, "ready"));
    const file = path.join(dir, "funnels", "fixture.json");
    const original = readFileSync(file, "utf8");

    writeFileSync(file, original.replace('"title": "About you"', '"title": "All about you"'));
    expect(Number(await nextEvent(reader, "reload"))).toBeGreaterThan(first);
    expect((await boot(dev, "/preview/fixture-brand/fixture/about-you")).boot.funnel.steps[2].title).toBe("All about you");

    writeFileSync(file, original.replace('"title": "About you",', '"title": "About you,'));
    await nextEvent(reader, "reload");
    const { boot: broken } = await boot(dev, "/preview/fixture-brand/fixture/about-you");
    expect(broken.funnel.steps[2].title).toBe("All about you");
    expect(broken.preview.problems.filter((p: { severity: string }) => p.severity === "error")).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/funnels[\\/]fixture\.json$/),
        line: 70,
        code: "json-syntax",
        severity: "error",
      }),
    ]);
    await reader.cancel();
    writeFileSync(file, original);
  });
});

describe("/preview in production", () => {
  it("is not served", async () => {
    const index = await boot(production, "/preview");
    expect(index.status).toBe(404);
    expect(index.boot?.preview).toBeUndefined();
    expect((await fetch(`${production.url}/preview/events`)).headers.get("content-type")).not.toBe("text/event-stream");
  });
});
