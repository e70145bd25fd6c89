/**
 * Shared parts: a field, a block or a validation message kept once under
 * definitions/parts/ and used by many funnels with `{ "use": "<name>" }`.
 * This module swaps every reference for its part (pure: the parts come in a
 * PartLibrary) and remembers where each piece of the result came from, so a
 * problem found in the resolved funnel is reported at the line an editor must
 * change: in the funnel for what the funnel wrote, in the part file otherwise.
 *
 * Where a reference may stand, and what it becomes:
 * - a value of `fields`               → parts/fields/<name>.json, with the funnel's other keys laid over it
 * - an item of a `blocks` list        → parts/blocks/<name>.json, ditto, and `props` merged prop by prop
 * - a step's `machine`                → parts/machines/<name>.json (no other keys: a machine is used whole)
 * - a rule's `message`                → the text `<name>` in parts/messages.json (no other keys)
 * A field or block part may itself use another part of its kind (and so extend it).
 */
import { closest } from "../suggest";
import type { Finding } from "../types";

export type PartKind = "field" | "block" | "machine" | "message";

/** One part as read from its file: its value and where that value sits. */
export interface Part {
  kind: PartKind;
  name: string;
  /** The part file, as shown in problems. */
  file: string;
  /** Pointer of the part's value inside its file ("" for a field or block file, /messages/<name> for a message). */
  pointer: string;
  value: unknown;
  /** The part file does not parse, so its value is unknown. */
  unreadable?: boolean;
}

export interface PartLibrary {
  get(kind: PartKind, name: string): Part | undefined;
  names(kind: PartKind): string[];
  /** Where a kind's parts live, for messages: e.g. parts/fields/. */
  describe(kind: PartKind, name: string): string;
}

/** Where a piece of the resolved document was written: a file and a pointer in it. */
export interface Origin {
  file: string;
  pointer: string;
}

export interface PartFinding {
  file: string;
  finding: Finding;
}

export interface Resolution {
  data: unknown;
  /**
   * The file and pointer a resolved pointer was written at. With `whole`, a
   * value that came from a part as a whole (a field, a block) is placed at its
   * reference instead: a problem about the whole (an unused field, a key) belongs there.
   */
  origin(resolvedPointer: string, whole?: boolean): Origin;
  /** Problems with the references themselves, in the file that holds each reference. */
  problems: PartFinding[];
  /** Every part used, as "kind:name". */
  used: Set<string>;
  /** Resolved pointers where a reference could not be resolved: findings under them are follow-on errors. */
  failed: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const escape = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** Keys of a part file that describe the file rather than the part. */
const FILE_KEYS = new Set(["$schema", "$comment"]);

/**
 * Resolves `data` (a funnel, or a part of `kind` when `as` is given) written in `file`.
 * The result is a fresh value; `data` is not changed.
 */
export function resolveParts(data: unknown, file: string, library: PartLibrary, as?: PartKind): Resolution {
  const origins = new Map<string, Origin>([["", { file, pointer: "" }]]);
  const problems: PartFinding[] = [];
  const used = new Set<string>();
  const failed: string[] = [];
  /** Resolved pointers of whole substituted values → where their reference is written (a problem about the whole value belongs there). */
  const references = new Map<string, Origin>();

  const problem = (at: Origin, finding: Omit<Finding, "path" | "severity"> & { severity?: Finding["severity"] }) =>
    problems.push({ file: at.file, finding: { severity: "error", ...finding, path: at.pointer } });

  /** The part a reference names, or undefined after reporting why not. */
  function lookUp(kind: PartKind, ref: Json, at: Origin, chain: string[]): Part | undefined {
    const name = ref.use;
    const useAt = { file: at.file, pointer: `${at.pointer}/use` };
    if (typeof name !== "string" || name === "") {
      problem(useAt, { code: "invalid-part-use", message: `"use" names a ${kind} part, so it must be a name such as "email"` });
      return undefined;
    }
    const part = library.get(kind, name);
    if (!part) {
      const near = closest(name, library.names(kind));
      const known = library.names(kind);
      problem(useAt, {
        code: "unknown-part",
        message: `There is no ${kind} part '${name}' (${library.describe(kind, name)})`,
        suggestion: near
          ? `did you mean '${near}'?`
          : known.length
            ? `${kind} parts: ${known.join(", ")}`
            : `create ${library.describe(kind, name)}`,
      });
      return undefined;
    }
    if (part.unreadable) {
      problem(useAt, {
        code: "unknown-part",
        message: `The ${kind} part '${name}' cannot be read: ${part.file} is not valid JSON`,
        suggestion: `fix ${part.file} first`,
      });
      return undefined;
    }
    const key = `${kind}:${name}`;
    if (chain.includes(key)) {
      const loop = [...chain.slice(chain.indexOf(key)), key].map((k) => k.split(":")[1]).join(" → ");
      problem(useAt, {
        code: "part-cycle",
        message: `The ${kind} part '${name}' uses itself: ${loop}`,
        suggestion: "a part may use another part, but never one that leads back to itself",
      });
      return undefined;
    }
    used.add(key);
    return part;
  }

  /** A reference of `kind` at `ref` (written at `at`), placed at resolved pointer `here`. */
  function substitute(kind: "field" | "block" | "machine", ref: Json, at: Origin, here: string, chain: string[]): unknown {
    const part = lookUp(kind, ref, at, chain);
    if (!part) {
      failed.push(here);
      return withoutUse(ref);
    }
    const partAt = { file: part.file, pointer: part.pointer };
    origins.set(here, partAt);
    references.set(here, at);
    const base = walkPartBody(kind, part, here, [...chain, `${kind}:${part.name}`]);
    if (!isObject(base)) return base;
    const merged: Json = { ...base };
    for (const [key, value] of Object.entries(ref)) {
      if (key === "use") continue;
      const keyAt = { file: at.file, pointer: `${at.pointer}/${escape(key)}` };
      if (kind === "block" && key === "props" && isObject(value) && isObject(base.props)) {
        const props: Json = { ...base.props };
        for (const [prop, propValue] of Object.entries(value)) {
          const propAt = { file: at.file, pointer: `${keyAt.pointer}/${escape(prop)}` };
          props[prop] = walk(propValue, propAt, `${here}/props/${escape(prop)}`, chain, prop, "props");
          origins.set(`${here}/props/${escape(prop)}`, propAt);
        }
        merged.props = props;
      } else {
        merged[key] = walk(value, keyAt, `${here}/${escape(key)}`, chain, key);
        origins.set(`${here}/${escape(key)}`, keyAt);
      }
    }
    return merged;
  }

  /** A part's own value, itself resolved (a part may use another part, or shared messages). */
  function walkPartBody(kind: "field" | "block" | "machine", part: Part, here: string, chain: string[]): unknown {
    const at = { file: part.file, pointer: part.pointer };
    const body = isObject(part.value) ? Object.fromEntries(Object.entries(part.value).filter(([k]) => !FILE_KEYS.has(k))) : part.value;
    if (isObject(body) && "use" in body) return substitute(kind, body, at, here, chain);
    return walk(body, at, here, chain);
  }

  function withoutUse(ref: Json): Json {
    const { use: _use, ...rest } = ref;
    return rest;
  }

  /** Walks any value, resolving references where they may stand. */
  function walk(node: unknown, at: Origin, here: string, chain: string[], parentKey?: string, grandKey?: string): unknown {
    if (Array.isArray(node)) {
      return node.map((item, i) => {
        const itemAt = { file: at.file, pointer: `${at.pointer}/${i}` };
        const itemHere = `${here}/${i}`;
        if (parentKey === "blocks" && isObject(item) && "use" in item) return substitute("block", item, itemAt, itemHere, chain);
        return walk(item, itemAt, itemHere, chain, undefined, parentKey);
      });
    }
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      const keyAt = { file: at.file, pointer: `${at.pointer}/${escape(key)}` };
      const keyHere = `${here}/${escape(key)}`;
      if (parentKey === "fields" && isObject(value) && "use" in value) out[key] = substitute("field", value, keyAt, keyHere, chain);
      else if (key === "message" && grandKey === "rules" && isObject(value)) out[key] = message(value, keyAt, keyHere, chain);
      else if (key === "machine" && grandKey === "steps" && isObject(value) && "use" in value)
        out[key] = machine(value, keyAt, keyHere, chain);
      else out[key] = walk(value, keyAt, keyHere, chain, key, parentKey);
    }
    return out;
  }

  /** A machine is used whole: anything beside "use" would be a second machine to merge, which nobody can read. */
  function machine(ref: Json, at: Origin, here: string, chain: string[]): unknown {
    const extra = Object.keys(ref).filter((k) => k !== "use");
    if (extra.length) {
      problem(
        { file: at.file, pointer: `${at.pointer}/${escape(extra[0])}` },
        {
          code: "invalid-part-use",
          message: 'A shared machine is { "use": "<name>" } for parts/machines/<name>.json, with nothing else',
          suggestion: "copy the machine into the step to change it for this funnel",
        },
      );
      failed.push(here);
      return ref;
    }
    return substitute("machine", ref, at, here, chain);
  }

  function message(ref: Json, at: Origin, here: string, chain: string[]): unknown {
    const extra = Object.keys(ref).filter((k) => k !== "use");
    if (!("use" in ref) || extra.length) {
      problem(extra.length ? { file: at.file, pointer: `${at.pointer}/${escape(extra[0])}` } : at, {
        code: "invalid-part-use",
        message: 'A message is its text, or { "use": "<name>" } for a message in parts/messages.json, with nothing else',
      });
      failed.push(here);
      return ref;
    }
    const part = lookUp("message", ref, at, chain);
    if (!part) {
      failed.push(here);
      return ref;
    }
    origins.set(here, { file: part.file, pointer: part.pointer });
    return part.value;
  }

  const root = { file, pointer: "" };
  const body = isObject(data) && as ? Object.fromEntries(Object.entries(data).filter(([k]) => !FILE_KEYS.has(k))) : data;
  const resolved =
    as === "message" || !as
      ? walk(body, root, "", [])
      : isObject(body) && "use" in body
        ? substitute(as, body, root, "", [])
        : walk(body, root, "", []);

  const origin = (resolvedPointer: string, whole = false): Origin => {
    const reference = whole ? references.get(resolvedPointer) : undefined;
    if (reference) return reference;
    let probe = resolvedPointer;
    while (!origins.has(probe)) probe = probe.slice(0, Math.max(0, probe.lastIndexOf("/")));
    const base = origins.get(probe)!;
    return { file: base.file, pointer: base.pointer + resolvedPointer.slice(probe.length) };
  };
  return { data: resolved, origin, problems, used, failed };
}
