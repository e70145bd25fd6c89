/**
 * The project's import graph folded to folders (docs/architecture.md, "Folders and what may import what"): every
 * import of every .ts/.tsx/.mts/.mjs file (type imports, re-exports and dynamic imports included) becomes an arrow
 * between the folders of the two files. Two foldings are read:
 * - `top`: each top-level folder is a node (`server`, `engine`); a file at the root is its own node;
 * - `sub`: each first sub-folder is a node (`server/http`, `renderer/blocks`); a file sitting directly in a
 *   top-level folder is its own node (`server/app.ts`), and so is a file at the root.
 * A circle is a strongly connected component of more than one node: folders that reach each other.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export type Folding = "top" | "sub";

/** One import: the importing file and the imported file, both relative to the project root with "/" separators. */
export interface FileImport {
  from: string;
  to: string;
}

/** Folders that hold no source of the project: installed, built or generated output. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "test-results", "playwright-report", "screenshots", "data", "coverage"]);
const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;
const RESOLVED_EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".d.ts", ".mjs", ".js", ".json", "/index.ts", "/index.tsx"];

/** Every source file of the project, relative to `root`. */
export function sourceFiles(root: string, dir = ""): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    if (name.startsWith(".") || SKIPPED_DIRS.has(name)) continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(root, rel)).isDirectory()) files.push(...sourceFiles(root, rel));
    else if (SOURCE_FILE.test(name)) files.push(rel);
  }
  return files;
}

/** The file a relative specifier names, relative to `root`, or undefined when it leaves the project or names nothing. */
function resolveSpecifier(root: string, importer: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const bare = specifier.replace(/[?#].*$/, "");
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(importer), bare));
  if (base.startsWith("..")) return undefined;
  // ESM style: "./x.js" names "./x.ts".
  const stems = /\.m?js$/.test(base) ? [base, base.replace(/\.(m?)js$/, ".$1ts"), base.replace(/\.js$/, ".tsx")] : [base];
  for (const stem of stems) {
    for (const extension of RESOLVED_EXTENSIONS) {
      const candidate = stem + extension;
      const full = path.join(root, candidate);
      if (existsSync(full) && statSync(full).isFile()) return candidate;
    }
  }
  return undefined;
}

/** The specifiers a file's text imports: static and type imports, re-exports, `import()` and `require()`. */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** Every import between two files of the project. */
export function readFileImports(root: string): FileImport[] {
  const imports: FileImport[] = [];
  for (const file of sourceFiles(root)) {
    for (const specifier of importSpecifiers(readFileSync(path.join(root, file), "utf8"))) {
      const to = resolveSpecifier(root, file, specifier);
      if (to) imports.push({ from: file, to });
    }
  }
  return imports;
}

/** The node a file belongs to under a folding. */
export function nodeOf(file: string, folding: Folding): string {
  const parts = file.split("/");
  if (parts.length === 1) return file;
  if (folding === "top") return parts[0];
  return parts.length === 2 ? file : `${parts[0]}/${parts[1]}`;
}

/** The folded graph: node → the nodes it imports from, each with one file import that makes the arrow. */
export type FolderGraph = Map<string, Map<string, FileImport>>;

export function foldImports(imports: FileImport[], folding: Folding): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const fileImport of imports) {
    const from = nodeOf(fileImport.from, folding);
    const to = nodeOf(fileImport.to, folding);
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.has(to)) graph.set(to, new Map());
    if (from !== to && !graph.get(from)!.has(to)) graph.get(from)!.set(to, fileImport);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one node (Tarjan), each sorted. */
export function findCircles(graph: Map<string, Iterable<string> | Map<string, unknown>>): string[][] {
  const successors = (node: string): string[] => {
    const next = graph.get(node);
    if (!next) return [];
    return next instanceof Map ? [...next.keys()] : [...next];
  };
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of successors(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A circle told as its arrows, each with one file import that makes it: what to move to break it. */
export function describeCircle(graph: FolderGraph, circle: string[]): string {
  const members = new Set(circle);
  const arrows: string[] = [];
  for (const from of circle) {
    for (const [to, example] of graph.get(from) ?? []) {
      if (members.has(to)) arrows.push(`  ${from} -> ${to}  (${example.from} imports ${example.to})`);
    }
  }
  return `circle through ${circle.length} folders: ${circle.join(", ")}\n${arrows.join("\n")}`;
}
