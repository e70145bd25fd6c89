/** How a manifest's contract is built, and what a manifest may not leave out (checked by the type checker). */
import { describe, expect, it } from "vitest";
import { BLOCK_PROP_DEFAULTS, blockManifests, withPropDefaults } from "./blocks.schema";
import { HOOK_NAMES, hookManifests } from "./hooks.schema";
import { behaviour, binds, bindsGroup, buildContract, copy, defineBlock, field, pathProp, text, type BlockManifest } from "./manifest";

describe("a manifest", () => {
  it("cannot give a field prop without saying how it uses the path (so no bind is forgotten)", () => {
    const forgotten = defineBlock({
      description: "A field block whose manifest does not say what it does with its field.",
      // @ts-expect-error a field-role prop must say whether it binds, writes, reads or requires its path
      props: { field: { role: "field", schema: field } },
    });
    expect(() => buildContract(forgotten as BlockManifest, { field: "name" })).toThrow(/does not say whether it binds/);
  });

  it("builds a contract from its props' uses, their defaults, its own lists and its contract function", () => {
    const manifest = defineBlock({
      description: "A test block.",
      props: {
        answer: binds(field),
        home: bindsGroup(field, ["street", "postcode"], "address"),
        email: pathProp("reads", field, "contactDetails.email"),
        label: copy(text),
        mode: behaviour({ enum: ["a", "b"] }),
      },
      requires: ["claim_request_id"],
      after: ["submitClaimRequest"],
      contract: (props) => (props.mode === "b" ? { requires: [] } : {}),
    });
    expect(buildContract(manifest, { answer: "q1" })).toEqual({
      binds: [
        { path: "q1", prop: "answer" },
        { path: "address.street", prop: "home", member: true },
        { path: "address.postcode", prop: "home", member: true },
      ],
      writes: [],
      reads: [{ path: "contactDetails.email" }],
      requires: [{ path: "claim_request_id" }],
      after: ["submitClaimRequest"],
    });
    const given = buildContract(manifest, { answer: "q1", home: "work", email: "mail", mode: "b" });
    expect(given.binds.map((b) => b.path)).toEqual(["q1", "work.street", "work.postcode"]);
    expect(given.reads).toEqual([{ path: "mail", prop: "email" }]);
    expect(given.requires).toEqual([]);
  });

  it("names only hooks that exist as the hooks that must run before it", () => {
    const named = [...Object.values(blockManifests), ...Object.values(hookManifests)].flatMap((m) => [
      ...((m as BlockManifest).after ?? []),
    ]);
    expect(named.length).toBeGreaterThan(0);
    for (const hook of named) expect(HOOK_NAMES).toContain(hook);
  });

  it("gives the defaults of its props' schemas to the block's component, under what the definition gives", () => {
    expect(BLOCK_PROP_DEFAULTS.trustBadge).toEqual({ icon: "lock" });
    const badge = { type: "trustBadge", props: { text: "Secure" } };
    expect(withPropDefaults(badge).props).toEqual({ icon: "lock", text: "Secure" });
    expect(withPropDefaults(badge)).toBe(withPropDefaults(badge));
    expect(withPropDefaults({ type: "trustBadge", props: { text: "Secure", icon: "shield" } }).props.icon).toBe("shield");
    const plain = { type: "paragraph", props: { text: "No defaults" } };
    expect(withPropDefaults(plain)).toBe(plain);
  });
});
