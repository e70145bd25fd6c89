import ts from "typescript";
import type { Plugin } from "vite";

/**
 * The block and hook manifests (schema/blocks/, schema/hooks/) hold what the browser needs (the props a block
 * binds, the prop defaults, whether it uses the form) beside what only the server, the lint and editors read: the
 * descriptions, each prop's JSON Schema, the required props, the props that neither bind a field nor have a
 * default (copy, behaviour and link props, the block copy whose defaults the shared content gives, and the paths a
 * block or hook writes, reads or requires), and the contract lists (`reads`, `writes`, `requires`, `after`, the
 * `contract` function) and `movesOn`, which only the lint and the server check. The browser never validates a
 * definition (the server does, before it sends one) and asks a block only which fields it binds
 * (schema/contracts.ts `blockBindings`), so its build leaves those out: the first page's entry script would
 * otherwise carry about 5.8 KiB gzip of them (and the block copy table, schema/blockCopy.ts, which now loads with
 * the blocks that use it).
 */
const MANIFEST_FILE = /[\\/]schema[\\/](blocks|hooks)[\\/][^\\/]+\.ts$/;

/** The prop helpers of schema/manifest.ts, and which of their arguments is the prop's schema. */
const SCHEMA_ARGUMENT: Record<string, number> = { copy: 0, behaviour: 0, link: 0, binds: 0, bindsGroup: 0, pathProp: 1 };
/** The helpers of props that bind no field: without a default, the browser has no use for them. */
const PATHLESS = new Set(["copy", "behaviour", "link"]);
/** The uses of a pathProp that only the contract lists hold (the browser reads only what a block binds). */
const CONTRACT_USES = new Set(["writes", "reads", "requires", "contract"]);
/** Helpers whose spread gives copy props without a default (schema/blockCopy.ts). */
const DEFAULTLESS_COPY_SPREADS = new Set(["defaultedCopyProps"]);
/** The calls that define a manifest, and what of the manifest only the lint and the server read. */
const DEFINERS = new Set(["defineBlock", "defineHook"]);
const CONTRACT_KEYS = new Set(["writes", "reads", "requires", "after", "contract", "movesOn"]);

export function browserManifests(): Plugin {
  return {
    name: "browser-manifests",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!MANIFEST_FILE.test(id.split("?")[0])) return null;
      return { code: forTheBrowser(code), map: null };
    },
  };
}

const isText = (node: ts.Expression): boolean =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node) ||
  (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && isText(node.left) && isText(node.right)) ||
  (ts.isParenthesizedExpression(node) && isText(node.expression));

/** The default a prop schema gives, as source text. */
function defaultOf(schema: ts.Expression | undefined, source: ts.SourceFile): string | undefined {
  if (!schema || !ts.isObjectLiteralExpression(schema)) return undefined;
  const given = schema.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === "default",
  );
  return given?.initializer.getText(source);
}

const calleeOf = (node: ts.Node): string | undefined =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.expression.text : undefined;

const helperOf = (node: ts.Node): string | undefined => {
  const callee = calleeOf(node);
  return callee !== undefined && Object.hasOwn(SCHEMA_ARGUMENT, callee) ? callee : undefined;
};

/** A property of the manifest itself: the object a defineBlock or defineHook call is given. */
const isManifestKey = (node: ts.ObjectLiteralElementLike): boolean => {
  const manifest = node.parent;
  const call = manifest.parent;
  return ts.isCallExpression(call) && DEFINERS.has(calleeOf(call) ?? "") && call.arguments[0] === manifest;
};

/** A prop that names a path only the contract lists hold: a pathProp for writes, reads, requires or contract, without a schema default. */
function isContractPathProp(call: ts.CallExpression, source: ts.SourceFile): boolean {
  const [use, schema] = call.arguments;
  return (
    calleeOf(call) === "pathProp" &&
    use !== undefined &&
    ts.isStringLiteral(use) &&
    CONTRACT_USES.has(use.text) &&
    defaultOf(schema, source) === undefined
  );
}

/** What a property of an object literal is called, when it is a plain name or a string. */
const nameOf = (node: ts.ObjectLiteralElementLike, source: ts.SourceFile): string | undefined =>
  node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.getText(source).replace(/^["']|["']$/g, "")
    : undefined;

/**
 * Whether the browser has no use for this property of an object literal: "always", "first" (only when no kept
 * property comes before it, which it could override) or undefined (kept).
 */
function dropOf(node: ts.ObjectLiteralElementLike, source: ts.SourceFile): "always" | "first" | undefined {
  if (ts.isSpreadAssignment(node)) return DEFAULTLESS_COPY_SPREADS.has(calleeOf(node.expression) ?? "") ? "first" : undefined;
  const name = nameOf(node, source);
  if (name === undefined) return undefined;
  if (isManifestKey(node) && CONTRACT_KEYS.has(name)) {
    // The contract function's lists replace those built from the props; one that gave binds would change what the
    // browser reads, so it is kept.
    return name === "contract" && /\bbinds\b/.test(node.getText(source)) ? undefined : "always";
  }
  if (!ts.isPropertyAssignment(node)) return undefined;
  const value = node.initializer;
  if (name === "description" && isText(value)) return "always";
  if (name === "required" && ts.isArrayLiteralExpression(value)) return "always";
  if (!ts.isCallExpression(value)) return undefined;
  const helper = helperOf(value);
  if (helper && PATHLESS.has(helper) && defaultOf(value.arguments[0], source) === undefined) return "always";
  if (isContractPathProp(value, source)) return "always";
  return undefined;
}

type Edit = { start: number; end: number; text: string };

/**
 * The edits that leave out the dropped properties of one object literal, with their commas, so what is left is
 * still a well-formed object: a run of dropped properties goes up to the next kept one, or, at the end, from the
 * end of the kept one before it; when every property goes, the braces are left empty.
 */
function removals(object: ts.ObjectLiteralExpression, dropped: ReadonlySet<ts.Node>, source: ts.SourceFile): Edit[] {
  const list = object.properties;
  if (list.every((p) => dropped.has(p))) return [{ start: object.getStart(source) + 1, end: object.getEnd() - 1, text: "" }];
  const edits: Edit[] = [];
  for (let i = 0; i < list.length; i++) {
    if (!dropped.has(list[i])) continue;
    let j = i;
    while (j + 1 < list.length && dropped.has(list[j + 1])) j++;
    edits.push(
      j + 1 < list.length
        ? { start: list[i].getStart(source), end: list[j + 1].getStart(source), text: "" }
        : { start: list[i - 1].getEnd(), end: list[j].getEnd(), text: "" },
    );
    i = j;
  }
  return edits;
}

/**
 * The manifest source as the browser gets it: every prop helper's schema argument reduced to its default; a copy,
 * behaviour or link prop without a default, a pathProp the contract lists alone hold, and a spread of defaulted
 * block copy dropped; the manifest's contract lists and `movesOn` dropped; and the `required` lists and every
 * `description: <text>` property dropped. A shape it does not know is left as it is.
 */
export function forTheBrowser(code: string): string {
  const source = ts.createSourceFile("manifest.ts", code, ts.ScriptTarget.Latest, true);
  const edits: Edit[] = [];
  const dropped = new Set<ts.Node>();
  const objects = new Set<ts.ObjectLiteralExpression>();
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      let keptBefore = false;
      for (const property of node.properties) {
        const drop = dropOf(property, source);
        if (drop === "always" || (drop === "first" && !keptBefore)) {
          dropped.add(property);
          objects.add(node);
        } else {
          keptBefore = true;
          visit(property);
        }
      }
      return;
    }
    const helper = helperOf(node);
    if (helper && ts.isCallExpression(node)) {
      const schema = node.arguments[SCHEMA_ARGUMENT[helper]];
      const given = defaultOf(schema, source);
      if (schema)
        edits.push({ start: schema.getStart(source), end: schema.getEnd(), text: `{${given === undefined ? "" : ` default: ${given} `}}` });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const object of objects) edits.push(...removals(object, dropped, source));
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}
