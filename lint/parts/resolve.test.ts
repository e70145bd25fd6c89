import { describe, expect, it } from "vitest";
import { resolveParts, type Part, type PartKind, type PartLibrary } from "./resolve";

/** An in-memory library: each part in its own pretend file. */
function library(parts: { kind: PartKind; name: string; value: unknown }[]): PartLibrary {
  const all: Part[] = parts.map((p) =>
    p.kind === "message"
      ? { ...p, file: "parts/messages.json", pointer: `/messages/${p.name}` }
      : { ...p, file: `parts/${p.kind}s/${p.name}.json`, pointer: "" },
  );
  return {
    get: (kind, name) => all.find((p) => p.kind === kind && p.name === name),
    names: (kind) => all.filter((p) => p.kind === kind).map((p) => p.name),
    describe: (kind, name) => `looked for parts/${kind}s/${name}.json`,
  };
}

const EMAIL = {
  kind: "email",
  label: "Email address",
  rules: [
    { rule: "required", message: { use: "email-required" } },
    { rule: "email", message: "Please enter a valid email address" },
  ],
};
const HEADING = { type: "heading", id: "about-you", props: { text: "About you", lead: "Your details must match your agreements." } };
const LIB = library([
  { kind: "field", name: "email", value: { $schema: "../../schema.json", ...EMAIL } },
  { kind: "field", name: "work-email", value: { use: "email", label: "Work email address" } },
  { kind: "field", name: "loop-a", value: { use: "loop-b" } },
  { kind: "field", name: "loop-b", value: { use: "loop-a", label: "B" } },
  { kind: "block", name: "about-you-heading", value: HEADING },
  { kind: "message", name: "email-required", value: "Please enter your email address" },
]);

const funnel = (fields: Record<string, unknown>, blocks: unknown[] = []) => ({ version: "t", fields, steps: [{ id: "one", blocks }] });

describe("resolveParts", () => {
  it("puts a field part in place of its reference, with shared messages filled in, and leaves the input alone", () => {
    const input = funnel({ "contactDetails.email": { use: "email" } });
    const copy = structuredClone(input);
    const { data, problems, used } = resolveParts(input, "funnels/t.json", LIB);
    expect(problems).toEqual([]);
    expect(data).toEqual(
      funnel({
        "contactDetails.email": { ...EMAIL, rules: [{ rule: "required", message: "Please enter your email address" }, EMAIL.rules[1]] },
      }),
    );
    expect(input).toEqual(copy);
    expect([...used].sort()).toEqual(["field:email", "message:email-required"]);
  });

  it("lays the reference's own keys over a field part, and a block's props over the part's props one by one", () => {
    const { data, problems } = resolveParts(
      funnel({ email: { use: "email", hint: "For your account", rules: [] } }, [
        { use: "about-you-heading", id: "intro", props: { lead: "Tell us about you." } },
      ]),
      "funnels/t.json",
      LIB,
    );
    expect(problems).toEqual([]);
    const resolved = data as ReturnType<typeof funnel>;
    expect(resolved.fields.email).toEqual({ ...EMAIL, hint: "For your account", rules: [] });
    expect(resolved.steps[0].blocks[0]).toEqual({ type: "heading", id: "intro", props: { text: "About you", lead: "Tell us about you." } });
  });

  it("lets a part extend another part", () => {
    const { data, problems } = resolveParts(funnel({ work: { use: "work-email" } }), "funnels/t.json", LIB);
    expect(problems).toEqual([]);
    expect((data as ReturnType<typeof funnel>).fields.work).toMatchObject({ kind: "email", label: "Work email address" });
  });

  it("reports a part that leads back to itself, at the use that closes the circle", () => {
    const { problems, failed } = resolveParts(funnel({ x: { use: "loop-a" } }), "funnels/t.json", LIB);
    expect(problems).toEqual([
      {
        file: "parts/fields/loop-b.json",
        finding: expect.objectContaining({
          code: "part-cycle",
          path: "/use",
          message: expect.stringContaining("loop-a → loop-b → loop-a"),
        }),
      },
    ]);
    expect(failed).toEqual(["/fields/x"]);
  });

  it("reports a missing part at the reference, with the nearest name", () => {
    const { problems, failed } = resolveParts(funnel({ e: { use: "emial" } }, [{ use: "heading" }]), "funnels/t.json", LIB);
    expect(problems.map((p) => [p.file, p.finding.code, p.finding.path, p.finding.suggestion])).toEqual([
      ["funnels/t.json", "unknown-part", "/fields/e/use", "did you mean 'email'?"],
      ["funnels/t.json", "unknown-part", "/steps/0/blocks/0/use", "block parts: about-you-heading"],
    ]);
    expect(failed).toEqual(["/fields/e", "/steps/0/blocks/0"]);
  });

  it("reports a message reference with anything beside use, and a use that is not a name", () => {
    const { problems } = resolveParts(
      funnel({
        a: { kind: "text", label: "A", rules: [{ rule: "required", message: { use: "email-required", text: "x" } }] },
        b: { use: 3 },
      }),
      "funnels/t.json",
      LIB,
    );
    expect(problems.map((p) => [p.finding.code, p.finding.path])).toEqual([
      ["invalid-part-use", "/fields/a/rules/0/message/text"],
      ["invalid-part-use", "/fields/b/use"],
    ]);
  });

  it("tells where each piece of the result was written: the funnel for its own keys, the part file for the rest", () => {
    const { origin } = resolveParts(
      funnel({ e: { use: "email", hint: "Own hint" } }, [{ use: "about-you-heading", props: { lead: "Own lead" } }]),
      "funnels/t.json",
      LIB,
    );
    expect(origin("/fields/e/label")).toEqual({ file: "parts/fields/email.json", pointer: "/label" });
    expect(origin("/fields/e/hint")).toEqual({ file: "funnels/t.json", pointer: "/fields/e/hint" });
    expect(origin("/fields/e/rules/0/message")).toEqual({ file: "parts/messages.json", pointer: "/messages/email-required" });
    expect(origin("/steps/0/blocks/0/props/text")).toEqual({ file: "parts/blocks/about-you-heading.json", pointer: "/props/text" });
    expect(origin("/steps/0/blocks/0/props/lead")).toEqual({ file: "funnels/t.json", pointer: "/steps/0/blocks/0/props/lead" });
    expect(origin("/steps/0/id")).toEqual({ file: "funnels/t.json", pointer: "/steps/0/id" });
    // A problem about a whole field (unused, say) belongs at its reference in the funnel.
    expect(origin("/fields/e", true)).toEqual({ file: "funnels/t.json", pointer: "/fields/e" });
    expect(origin("/fields/e")).toEqual({ file: "parts/fields/email.json", pointer: "" });
  });

  it("leaves a funnel without references as it is", () => {
    const plain = funnel({ a: { kind: "text", label: "A", rules: [{ rule: "required", message: "Enter A" }] } }, [HEADING]);
    const { data, problems, used } = resolveParts(plain, "funnels/t.json", LIB);
    expect(data).toEqual(plain);
    expect(problems).toEqual([]);
    expect(used.size).toBe(0);
  });

  it("puts a machine part in place of a step's machine reference, whole, and places a problem inside it in the part's file", () => {
    const MACHINE = { initial: "start", states: { start: { label: "Starting", run: [{ hook: "waitForEvent" }], final: true } } };
    const lib = library([{ kind: "machine", name: "flow", value: { $schema: "../../schema.json", ...MACHINE } }]);
    const input = { version: "t", fields: {}, steps: [{ id: "one", blocks: [], machine: { use: "flow" } }] };
    const { data, problems, used, origin } = resolveParts(input, "funnels/t.json", lib);
    expect(problems).toEqual([]);
    expect(data).toEqual({ version: "t", fields: {}, steps: [{ id: "one", blocks: [], machine: MACHINE }] });
    expect([...used]).toEqual(["machine:flow"]);
    expect(origin("/steps/0/machine/states/start/label")).toEqual({ file: "parts/machines/flow.json", pointer: "/states/start/label" });
    expect(origin("/steps/0/machine", true)).toEqual({ file: "funnels/t.json", pointer: "/steps/0/machine" });
  });

  it("refuses anything beside a machine's use, and names a missing machine part", () => {
    const lib = library([{ kind: "machine", name: "flow", value: { initial: "a", states: {} } }]);
    const extra = resolveParts({ steps: [{ id: "one", machine: { use: "flow", initial: "b" } }] }, "funnels/t.json", lib);
    expect(extra.problems.map((p) => [p.finding.code, p.finding.path])).toEqual([["invalid-part-use", "/steps/0/machine/initial"]]);
    expect(extra.failed).toEqual(["/steps/0/machine"]);
    const missing = resolveParts({ steps: [{ id: "one", machine: { use: "flwo" } }] }, "funnels/t.json", lib);
    expect(missing.problems.map((p) => [p.finding.code, p.finding.suggestion])).toEqual([["unknown-part", "did you mean 'flow'?"]]);
  });

  it("leaves a machine written in the step, and a 'machine' key elsewhere, as they are", () => {
    const own = { initial: "a", states: { a: { label: "A", final: true } } };
    const input = { fields: { machine: { kind: "text", label: "Machine" } }, steps: [{ id: "one", machine: own }] };
    const { data, problems } = resolveParts(input, "funnels/t.json", library([]));
    expect(problems).toEqual([]);
    expect(data).toEqual(input);
  });
});
