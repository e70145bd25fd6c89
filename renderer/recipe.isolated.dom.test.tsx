// @vitest-environment jsdom
/**
 * The recipes "Add a block type" and "Add a hook" in renderer/README.md, followed: a test-only field block and
 * hook (renderer/testing/recipe/) are added through exactly the files each recipe lists, and then the schema, the
 * lint, the engine, the registries and the funnel runner must all know them. A file the recipe leaves out that a
 * new type needs (a hand-kept list elsewhere) makes the runner or a check fail; a listed line or file that is not
 * needed, or one that does not register, fails the check that each listed line and found file matters.
 *
 * "one line in `path`" is one entry added to the registry that module exports, with the export of the recipe's new
 * file below that module's folder. "new `path`" is a file of the fixture at that path; where the renderer finds
 * files of that folder with Vite's import.meta.glob (the registries do, from the component and hook folders), the
 * test asks Vite's own glob, in an empty copy of the folder, whether its patterns take the new file, and adds the
 * fixture's file to what the glob found when they do.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import brand from "../test-fixtures/definitions/brands/default.json";
import site from "../test-fixtures/definitions/content/site.json";

const ROOT = resolve(import.meta.dirname, "..");
const FIXTURES = join(ROOT, "renderer", "testing", "recipe");

/** What the recipes' placeholders stand for, and a name each registry already holds (to find it among a module's exports). */
const RECIPES = {
  block: { names: { "<type>": "recipeRating", "<Type>": "RecipeRating" }, added: "recipeRating", known: "heading" },
  hook: { names: { "<name>": "recipeStamp" }, added: "recipeStamp", known: "wait" },
} as const;
type Recipe = keyof typeof RECIPES;

interface RecipeFile {
  recipe: Recipe;
  kind: "new" | "line";
  path: string;
}

/** The file list of one recipe in renderer/README.md, its placeholders filled in. */
function recipeFiles(recipe: Recipe): RecipeFile[] {
  const readme = readFileSync(join(ROOT, "renderer", "README.md"), "utf8");
  const section = readme.match(new RegExp(`<!-- recipe:${recipe} -->([\\s\\S]*?)<!-- /recipe:${recipe} -->`));
  if (!section) throw new Error(`renderer/README.md has no file list for the ${recipe} recipe`);
  return section[1]
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => {
      const item = line.match(/^- (new|one line in) `([^`]+)`/);
      if (!item) throw new Error(`A line of the ${recipe} recipe names no file: ${line}`);
      const path = Object.entries(RECIPES[recipe].names).reduce((p, [placeholder, name]) => p.replaceAll(placeholder, name), item[2]);
      return { recipe, kind: item[1] === "new" ? "new" : "line", path };
    });
}

const FILES = [...recipeFiles("block"), ...recipeFiles("hook")];
const LINES = FILES.filter((f) => f.kind === "line");

/** Replaces each registry module the recipe names with one that also holds the fixture's entry. */
function addRegistryLines(lines: RecipeFile[]) {
  for (const line of lines) {
    const { added, known } = RECIPES[line.recipe];
    vi.doMock(join(ROOT, line.path), async (importOriginal) => {
      const original = await importOriginal<Record<string, unknown>>();
      const source = FILES.find((f) => f.recipe === line.recipe && f.kind === "new" && f.path.startsWith(`${dirname(line.path)}/`));
      if (!source) throw new Error(`The ${line.recipe} recipe adds no new file under ${dirname(line.path)} for ${line.path} to register`);
      const module = (await import(join(FIXTURES, source.path))) as Record<string, unknown>;
      const entry = module.default ?? Object.values(module)[0];
      const registries = Object.entries(original).filter(
        ([, value]) => value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, known),
      );
      if (registries.length !== 1) throw new Error(`${line.path} should export one registry holding '${known}'`);
      const [name, registry] = registries[0];
      return { ...original, [name]: { ...(registry as object), [added]: entry } };
    });
  }
}

/** The module of the renderer that finds the files of a new file's folder with import.meta.glob (in that folder or above it), if any. */
function globModuleOf(path: string): string | undefined {
  for (let dir = dirname(path); dir !== "." && dir.startsWith("renderer"); dir = dirname(dir)) {
    if (!existsSync(join(ROOT, dir))) continue;
    const found = readdirSync(join(ROOT, dir)).find(
      (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && readFileSync(join(ROOT, dir, name), "utf8").includes("import.meta.glob"),
    );
    if (found) return `${dir}/${found}`;
  }
  return undefined;
}

/** Each `export const x = import.meta.glob(…)` of a module's source, without its type argument. */
function globExports(source: string): string[] {
  const globs = [...source.matchAll(/export const (\w+) = import\.meta\.glob(?:<[^(]*>)?\(([\s\S]*?)\);\n/g)];
  return globs.map(([, name, args]) => `export const ${name} = import.meta.glob(${args});`);
}

const NEW_FILES = FILES.filter((f) => f.kind === "new");
const GLOBBED = NEW_FILES.filter((f) => globModuleOf(f.path) !== undefined);

/**
 * For each way a test follows the recipes (all of the new files, or all but one), each glob module the new files
 * fall under, copied into a folder that holds only empty stand-ins of those files at the recipe's paths, so that
 * Vite runs the module's globs there.
 */
// In the tools' scratch folder: Vite does not see a folder made outside the project once the tests run.
mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
const SCRATCH = mkdtempSync(join(ROOT, "node_modules", ".cache", "recipe-glob-"));
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));
const LEFT_OUT = [undefined, ...GLOBBED];
LEFT_OUT.forEach((leftOut, variant) => {
  for (const file of GLOBBED.filter((f) => f !== leftOut)) {
    mkdirSync(dirname(join(SCRATCH, `${variant}`, file.path)), { recursive: true });
    writeFileSync(join(SCRATCH, `${variant}`, file.path), "export {};\n");
  }
  for (const globModule of new Set(GLOBBED.map((file) => globModuleOf(file.path) as string))) {
    mkdirSync(dirname(join(SCRATCH, `${variant}`, globModule)), { recursive: true });
    writeFileSync(join(SCRATCH, `${variant}`, globModule), globExports(readFileSync(join(ROOT, globModule), "utf8")).join("\n"));
  }
});

/**
 * Puts the fixture's new files among what the renderer's globs find, where Vite's glob takes them (a lazy glob
 * finds a loader, an eager one the module).
 */
function addFoundFiles(leftOut?: RecipeFile) {
  // A left-out line leaves every new file in place.
  const variant = Math.max(0, LEFT_OUT.indexOf(leftOut));
  for (const globModule of new Set(GLOBBED.map((file) => globModuleOf(file.path) as string))) {
    vi.doMock(join(ROOT, globModule), async (importOriginal) => {
      const original = await importOriginal<Record<string, unknown>>();
      const found = (await import(/* @vite-ignore */ join(SCRATCH, `${variant}`, globModule))) as Record<string, Record<string, unknown>>;
      const widened: Record<string, unknown> = { ...original };
      for (const [name, entries] of Object.entries(found)) {
        const added = await Promise.all(
          Object.entries(entries).map(async ([key, value]) => {
            const fixture = join(FIXTURES, dirname(globModule), key);
            return [key, typeof value === "function" ? () => import(fixture) : await import(fixture)] as const;
          }),
        );
        widened[name] = { ...(original[name] as object), ...Object.fromEntries(added) };
      }
      return widened;
    });
  }
}

/** The recipe followed, less the one line or found file a test leaves out. */
function followRecipes(leftOut?: RecipeFile) {
  addRegistryLines(LINES.filter((line) => line !== leftOut));
  addFoundFiles(leftOut);
}

/** A small funnel: the test-only hook stamps a field on entry, the test-only block binds a required one. */
const funnel = {
  version: "recipe",
  title: "Recipe",
  routing: { path: "recipe", unknownStep: "firstStep" },
  navigation: { nextLabel: "Next", busyLabel: "Processing...", submitLabel: "Submit", backLabel: "Back", firstStepBack: "hidden" },
  fields: {
    rating: { kind: "text", label: "Your rating", rules: [{ rule: "required", message: "Please rate us" }] },
    stamp: { kind: "text", label: "Stamp" },
  },
  steps: [
    {
      id: "rate",
      title: "Rate",
      onEnter: [{ hook: "recipeStamp", field: "stamp", stamp: "stamped" }],
      blocks: [
        { type: "heading", props: { text: "Rate us" } },
        { type: "recipeRating", props: { field: "rating", lead: "Tell us how it went" } },
      ],
    },
    {
      id: "done",
      title: "Done",
      footer: "hidden",
      blocks: [
        { type: "heading", props: { text: "Thanks" } },
        { type: "paragraph", visibleWhen: { equals: ["stamp", "stamped"] }, props: { text: "The hook ran" } },
      ],
    },
  ],
};

/** What must know a new block type and hook, each as a failure message (none when it knows them). */
async function whatDoesNotKnowThem(): Promise<string[]> {
  const failures: string[] = [];
  const check = async (what: string, run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message}`);
    }
  };
  const step = funnel.steps[0] as never;
  await check("schema", async () => {
    const { validateFunnelSchema } = await import("../schema/validate");
    expect(validateFunnelSchema(funnel)).toEqual([]);
  });
  await check("lint", async () => {
    const { funnelFindings } = await import("../lint/funnelFindings");
    expect(funnelFindings(funnel).map((f) => `${f.code} ${f.path} ${f.message}`)).toEqual([]);
  });
  await check("engine", async () => {
    const { inputFields } = await import("../engine/flow");
    const { stepNeedsFormKit } = await import("../engine/formSteps");
    expect(inputFields(step)).toEqual(["rating"]);
    // A field block binds through the funnel form: its step is drawn before react-hook-form is here.
    expect(stepNeedsFormKit(step)).toBe(false);
  });
  await check("contracts", async () => {
    const { hookContract, propRole } = await import("../schema/contracts");
    expect(propRole("recipeRating", "lead")).toBe("copy");
    expect(hookContract({ hook: "recipeStamp", field: "stamp" } as never).writes).toEqual([{ path: "stamp", prop: "field" }]);
  });
  await check("renderer registries", async () => {
    const { blockRegistry } = await import("./blocks/registry");
    const { loadLazyBlocks } = await import("./blocks/loadLazyBlocks");
    const { hookRegistry } = await import("./hooks/registry");
    expect(blockRegistry).toHaveProperty("recipeRating");
    // The registry holds every block type of the schema: the type's component must be found among the files.
    await loadLazyBlocks(["recipeRating"]);
    const registry = blockRegistry as unknown as Record<string, { _init: (payload: unknown) => unknown; _payload: unknown }>;
    const component = registry.recipeRating;
    expect(typeof component._init(component._payload)).toBe("function");
    expect(hookRegistry).toHaveProperty("recipeStamp");
  });
  return failures;
}

afterEach(() => {
  cleanup();
  vi.resetModules();
  for (const line of LINES) vi.doUnmock(join(ROOT, line.path));
  for (const file of GLOBBED) vi.doUnmock(join(ROOT, globModuleOf(file.path) as string));
});

describe("the recipes in renderer/README.md", () => {
  it("name a file list each, whose new files the test-only block and hook have", () => {
    expect(recipeFiles("block").length).toBeGreaterThan(0);
    expect(recipeFiles("hook").length).toBeGreaterThan(0);
    for (const file of FILES) {
      if (file.kind === "new") expect(existsSync(join(FIXTURES, file.path)), `renderer/testing/recipe/${file.path}`).toBe(true);
      else expect(existsSync(join(ROOT, file.path)), file.path).toBe(true);
    }
  });

  it("add a block type and a hook that the schema, the lint, the engine and the registries all know", async () => {
    followRecipes();
    expect(await whatDoesNotKnowThem()).toEqual([]);
  });

  it("add a block type and a hook that the funnel runner draws and runs", async () => {
    followRecipes();
    const { setBoot } = await import("./boot");
    const { AppRoutes } = await import("./App");
    const { createMemoryRouter, RouterProvider } = await import("react-router");
    await (await import("./funnel/loadStepValidation")).loadStepValidation();
    setBoot({
      brand: brand as never,
      funnel: funnel as never,
      mountPath: "recipe",
      stepId: null,
      status: 200,
      env: "test",
      text: site.text as never,
    });
    const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: ["/claim/recipe/rate"] });
    render(<RouterProvider router={router} />);

    expect(await screen.findByText("Tell us how it went")).toBeTruthy();
    // Next validates the field the block binds.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    expect((await screen.findAllByText("Please rate us")).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(/Your rating/), { target: { value: "5" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claim/recipe/done"));
    // The hook ran on entering the first step and wrote its field.
    expect(await screen.findByText("The hook ran")).toBeTruthy();
  });

  it("add the renderer's files where its globs find them", () => {
    expect(GLOBBED.map((file) => file.path)).toEqual(
      NEW_FILES.filter((file) => file.path.startsWith("renderer/")).map((file) => file.path),
    );
  });

  it.each(LINES.map((line) => [line.path, line] as const))("need their line in %s", async (_path, dropped) => {
    followRecipes(dropped);
    expect(await whatDoesNotKnowThem()).not.toEqual([]);
  });

  it.each(GLOBBED.map((file) => [file.path, file] as const))("need their new file %s", async (_path, dropped) => {
    followRecipes(dropped);
    expect(await whatDoesNotKnowThem()).not.toEqual([]);
  });
});
