import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blockFields } from "../engine/flow";
import { BLOCK_TYPES, blockPropSchemas } from "./blocks.schema";
import { BLOCK_PROP_ROLES, PATH_DEFAULTS, RUNTIME_KEYS, blockContract, hookContract, propRole, writersOf } from "./contracts";
import { HOOK_NAMES } from "./hooks.schema";
import type { Block, HookCall } from "./types";
import { field } from "./manifest";

const declared = new Set<string>([...Object.keys(RUNTIME_KEYS), ...Object.values(PATH_DEFAULTS)]);
/** A path a contract names by itself (not from a prop): a runtime key, or a default path or one under a default group. */
const isDeclared = (path: string) => declared.has(path) || Object.values(PATH_DEFAULTS).some((group) => path.startsWith(`${group}.`));

describe("prop roles", () => {
  it("give every prop of every block type exactly one role, and no role to a prop that does not exist", () => {
    for (const type of BLOCK_TYPES) {
      expect(Object.keys(BLOCK_PROP_ROLES[type]).sort(), type).toEqual(Object.keys(blockPropSchemas[type].properties).sort());
    }
  });

  it("mark as field only props that hold a path (a string)", () => {
    for (const type of BLOCK_TYPES) {
      for (const [prop, role] of Object.entries(BLOCK_PROP_ROLES[type])) {
        if (role === "field")
          expect((blockPropSchemas[type].properties as Record<string, { type?: string }>)[prop].type, `${type}.${prop}`).toBe("string");
      }
    }
  });

  it("mark every prop holding a field key as a field, so a block cannot leave a bind out", () => {
    for (const type of BLOCK_TYPES)
      for (const [prop, schema] of Object.entries(blockPropSchemas[type].properties as Record<string, { description?: string }>))
        if (schema === field || schema.description === field.description) expect(propRole(type, prop), `${type}.${prop}`).toBe("field");
  });

  it("mark conditions and hook lists as behaviour, and limits, links and modes as not copy", () => {
    expect(propRole("noticeModal", "openWhen")).toBe("behaviour");
    expect(propRole("actionButton", "actions")).toBe("behaviour");
    expect(propRole("lenderPicker", "max")).toBe("behaviour");
    expect(propRole("passwordSetup", "redirectTo")).toBe("link");
    expect(propRole("passwordSetup", "mode")).toBe("behaviour");
    expect(propRole("lenderPicker", "label")).toBe("copy");
    expect(propRole("lenderPicker", "nope")).toBeUndefined();
    expect(propRole("nope", "label")).toBeUndefined();
  });
});

describe("contracts", () => {
  const minimalBlock = (type: string) => ({ type, props: {} }) as unknown as Block;
  const minimalHook = (hook: string) => ({ hook, source: "credit-check", field: "x", event: "e", ms: 1 }) as unknown as HookCall;

  it("name, apart from prop values, only declared runtime keys and default paths", () => {
    for (const type of BLOCK_TYPES) {
      const c = blockContract(minimalBlock(type));
      for (const entry of [...c.writes, ...c.reads, ...c.requires, ...c.binds])
        if (entry.prop === undefined) expect(isDeclared(entry.path), `${type}: ${entry.path}`).toBe(true);
    }
    for (const hook of HOOK_NAMES) {
      const c = hookContract(minimalHook(hook));
      for (const entry of [...c.writes, ...c.reads, ...c.requires])
        if (entry.prop === undefined) expect(isDeclared(entry.path), `${hook}: ${entry.path}`).toBe(true);
    }
  });

  it("declare the keys the credit check and identity questions keep beside the fields", () => {
    const written = (type: string) => blockContract(minimalBlock(type)).writes.map((p) => p.path);
    expect(written("creditCheck")).toEqual(expect.arrayContaining(["creditCheckStatus", "claimsFound", "claims"]));
    expect(written("kbaQuestions")).toEqual(expect.arrayContaining(["identityVerified", "creditCheckStatus"]));
    for (const key of ["creditCheckStatus", "claimsFound", "claims", "identityVerified"]) expect(RUNTIME_KEYS).toHaveProperty(key);
  });

  it("cover every key the hooks and blocks set by name in their code", () => {
    const root = new URL("../renderer/", import.meta.url).pathname;
    const keys = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
          for (const m of readFileSync(path, "utf8").matchAll(/setValue\("([^"]+)"/g)) keys.add(m[1]);
      }
    };
    walk(join(root, "hooks"));
    walk(join(root, "blocks"));
    expect(keys.size).toBeGreaterThan(5);
    expect([...keys].filter((key) => !isDeclared(key))).toEqual([]);
  });

  it("turn fixed paths into props with defaults", () => {
    const address = (props: object) => blockContract({ type: "addressLookup", props } as unknown as Block).binds.map((b) => b.path);
    expect(address({})).toContain("address.postcode");
    expect(address({ fieldGroup: "home" })).toEqual([
      "home.buildingName",
      "home.houseNumber",
      "home.street",
      "home.city",
      "home.county",
      "home.postcode",
    ]);
    const password = (props: object) =>
      blockContract({ type: "passwordSetup", props: { passwordField: "p", confirmField: "c", ...props } } as unknown as Block).requires.map(
        (r) => r.path,
      );
    expect(password({})).toEqual(["claim_request_id", "contactDetails.email"]);
    expect(password({ emailField: "login.email" })).toEqual(["claim_request_id", "login.email"]);
    const verify = hookContract({ hook: "verifyIdentity", personalDetails: "who", address: "home" }).requires.map((r) => r.path);
    expect(verify).toEqual([
      "claim_request_id",
      "who.firstName",
      "who.lastName",
      "who.dateOfBirth",
      "contactDetails.email",
      "home.postcode",
    ]);
  });

  it("give the engine its bindings: an email suggestion binds nothing, a password setup its two fields", () => {
    expect(blockFields({ type: "emailSuggestion", props: { field: "email", prefix: "Did you mean" } })).toEqual([]);
    expect(
      blockFields({
        type: "passwordSetup",
        props: { passwordField: "p", confirmField: "c", submitLabel: "s", busyLabel: "b", emailField: "e" },
      }),
    ).toEqual(["p", "c"]);
    expect(blockFields({ type: "textInput", props: { field: "name" } })).toEqual(["name"]);
  });

  it("mark as link exactly the props the lint follows as links (site paths and steps)", () => {
    const followed = /^(href|.+Href|redirectTo|existingUserRedirect|privacyFormLink|.+Step)$/;
    for (const type of BLOCK_TYPES) {
      for (const [prop, role] of Object.entries(BLOCK_PROP_ROLES[type]))
        expect(role === "link", `${type}.${prop}`).toBe(followed.test(prop));
    }
  });

  it("say which hooks write a key", () => {
    expect(writersOf("claim_request_id", HOOK_NAMES, BLOCK_TYPES)).toEqual(["submitClaimRequest"]);
    expect(writersOf("identityVerified", HOOK_NAMES, BLOCK_TYPES)).toEqual(["a kbaQuestions block"]);
  });
});
