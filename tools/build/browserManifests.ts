import ts from "typescript";
import type { Plugin } from "vite";

/**
 * The block and hook manifests (schema/blocks/, schema/hooks/) hold what the browser needs (each prop's role,
 * what a block binds, reads and requires, the prop defaults, whether it uses the form) beside what only the
 * server, the lint and editors read: the descriptions, each prop's JSON Schema, the required props, and the
 * props that neither name a path nor have a default (copy, behaviour and link props, whose roles only the copy
 * overlays of the server and the lint read). The browser never validates a definition (the server does, before
 * it sends one), so its build leaves those out: the first page would otherwise carry about 7 KiB gzip of them.
 */
const MANIFEST_FILE = /[\\/]schema[\\/](blocks|hooks)[\\/][^\\/]+\.ts$/;

/** The prop helpers of schema/manifest.ts, and which of their arguments is the prop's schema. */
const SCHEMA_ARGUMENT: Record<string, number> = { copy: 0, behaviour: 0, link: 0, binds: 0, bindsGroup: 0, pathProp: 1 };
/** The helpers of props that name no path: without a default, the browser has no use for them. */
const PATHLESS = new Set(["copy", "behaviour", "link"]);

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

const helperOf = (node: ts.Node): string | undefined =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && Object.hasOwn(SCHEMA_ARGUMENT, node.expression.text)
    ? node.expression.text
    : undefined;

/**
 * The manifest source as the browser gets it: a copy, behaviour or link prop without a default dropped, every
 * other prop helper's schema argument reduced to its default, and the `required` list and every
 * `description: <text>` property (the manifest's own) dropped.
 */
export function forTheBrowser(code: string): string {
  const source = ts.createSourceFile("manifest.ts", code, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const drop = (node: ts.Node) => {
    let end = node.getEnd();
    while (/\s/.test(code[end] ?? "")) end++;
    if (code[end] === ",") end++;
    edits.push({ start: node.getStart(source), end, text: "" });
  };
  const visit = (node: ts.Node) => {
    const helper = helperOf(node);
    if (helper && ts.isCallExpression(node)) {
      const schema = node.arguments[SCHEMA_ARGUMENT[helper]];
      if (schema)
        edits.push({
          start: schema.getStart(source),
          end: schema.getEnd(),
          text: `{${defaultOf(schema, source) === undefined ? "" : ` default: ${defaultOf(schema, source)} `}}`,
        });
      return;
    }
    if (ts.isPropertyAssignment(node)) {
      const name = node.name.getText(source);
      const pathless = helperOf(node.initializer);
      if (name === "description" && isText(node.initializer)) return drop(node);
      if (name === "required" && ts.isArrayLiteralExpression(node.initializer)) return drop(node);
      if (pathless && PATHLESS.has(pathless) && ts.isCallExpression(node.initializer)) {
        if (defaultOf(node.initializer.arguments[0], source) === undefined) return drop(node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}
