// ESLint (flat config): typescript-eslint's recommended rules without type information (fast:
// no TypeScript program is built; `tsc --noEmit` already checks the types), the React hooks
// rules on the renderer, and the import boundaries between the top-level folders.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import i18next from "eslint-plugin-i18next";

/**
 * The layers (docs/architecture.md, "Folders and what may import what"), top to bottom: each top-level folder and
 * the folders below it that its code may import. Nothing imports upwards, type imports included, so the folder
 * graph has no circle (tools/architecture/folderGraph.test.ts checks that for every file, tests included).
 * Tests may import any folder: nothing imports a test, so a test closes no circle.
 */
const LAYERS = {
  e2e: null, // the Playwright specs drive the whole product
  tools: ["lint", "engine", "schema", "testing", "test-fixtures", "definitions"],
  server: ["lint", "engine", "schema", "testing", "test-fixtures", "definitions"],
  renderer: ["engine", "schema", "test-fixtures"],
  testing: [],
  lint: ["engine", "schema"],
  engine: ["schema"],
  schema: [],
  "test-fixtures": [],
};
/** Where a hook, block or the API client puts a message a visitor may read, and what counts as words in it. */
const MESSAGE_SLOT = ":matches(Property[key.name=/^(error|message)$/], VariableDeclarator[id.name=/^(error|message)$/])";
const WORDS = "[value=/[A-Za-z] [A-Za-z(]/]";
const WHY = {
  tools:
    "tools/ runs without the server and the browser's code: an operator command belongs in server/commands/, shared logic in engine/ or lint/.",
  server: "The server shares only engine/ (pure TypeScript) with the browser: move a shared piece or type there.",
  renderer: "The browser bundle reaches only engine/ and schema/: move a shared piece or type there.",
  testing: "testing/ holds stand-ins of the outside world for the tests and the load harness; it imports nothing of the project.",
  lint: "lint/ (the definitions loader and lint) runs in the server, the CLI and the tests: it imports only engine/ and schema/.",
  engine: "engine/ is pure TypeScript shared by the browser and the server: it imports only schema/ and itself.",
  schema: "schema/ is the bottom layer: it imports nothing of the project.",
  "test-fixtures": "test-fixtures/ is data: it imports nothing of the project.",
};
/** Packages a layer may not import at all (engine/ runs in the browser and on the server alike). */
const FORBIDDEN_PACKAGES = {
  engine: {
    regex: "^(react|react-dom|react-router|react-hook-form|express)(/|$)",
    message: "engine/ runs in the browser and on the server alike: no React, no Express.",
  },
};
const PROJECT_FOLDERS = [...Object.keys(LAYERS), "definitions"];

/**
 * no-restricted-imports for a folder's code (tests apart), one block per depth so a relative specifier is matched
 * exactly: from `server/routes/x.ts`, `../../tools/…` leaves the project root's `server/` but `../testing/…` is
 * `server/testing/`.
 */
function layerBoundaries() {
  const blocks = [];
  for (const [folder, allowed] of Object.entries(LAYERS)) {
    if (allowed === null) continue;
    const forbidden = PROJECT_FOLDERS.filter((other) => other !== folder && !allowed.includes(other));
    for (let depth = 1; depth <= 6; depth += 1) {
      const patterns = [
        {
          regex: `^(\\.\\./){${depth}}(${forbidden.join("|")})(/|$)`,
          message: WHY[folder],
          allowTypeImports: false,
        },
      ];
      if (FORBIDDEN_PACKAGES[folder]) patterns.push({ ...FORBIDDEN_PACKAGES[folder], allowTypeImports: false });
      blocks.push({
        files: [`${folder}/${"*/".repeat(depth - 1)}*.{ts,tsx,mts,mjs}`],
        ignores: ["**/*.test.{ts,tsx}", "**/*.pg-test.ts"],
        rules: { "no-restricted-imports": ["error", { patterns }] },
      });
    }
  }
  return blocks;
}

export default defineConfig(
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/", "screenshots/", "data/", "schema/json/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests and their stand-ins read arbitrary JSON answers and then assert their shape, so `any` is allowed there.
    files: [
      "**/*.test.{ts,tsx}",
      "**/*.pg-test.ts",
      "e2e/**/*.ts",
      "server/testing/**",
      "server/providers/testing/**",
      "server/providers/**/standIn.ts",
      "tools/load/**",
    ],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["renderer/**/*.{ts,tsx}", "renderer/public/**/*.js", "e2e/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },

  // Every word a visitor reads comes from the definitions (content/site.json `text` and `blockCopy`, block props):
  // no string literal in the renderer's JSX, as text, in an attribute or in an expression inside it.
  {
    files: ["renderer/**/*.{ts,tsx}"],
    ignores: [
      "renderer/**/*.test.{ts,tsx}",
      "renderer/**/testing/**",
      // The operators' dashboard and its sign-in (English only, for staff; their words are in ops/opsCopy.ts) and the
      // editors' /preview page (development only, never served in production) are not visitor-facing.
      "renderer/ops/**",
      "renderer/preview/**",
    ],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          message: "Visitor-facing words belong in the definitions (content/site.json `text`, a block's copy prop), not in code",
          "jsx-attributes": {
            // Names, not words: classes, ids, roles, ARIA state and references, input settings, links, SVG geometry.
            exclude: [
              "className",
              "mainClassName",
              "style",
              "type",
              "key",
              "id",
              "role",
              "data-.*",
              "href",
              "target",
              "rel",
              "name",
              "autoComplete",
              "inputMode",
              "enterKeyHint",
              "autoCapitalize",
              "spellCheck",
              "htmlFor",
              "scope",
              "lang",
              "hrefLang",
              "aria-(live|hidden|current|describedby|labelledby|controls|haspopup|expanded|modal|atomic|relevant|invalid|busy|pressed|roledescription|orientation|sort|autocomplete|activedescendant|selected|checked|disabled|required)",
              "viewBox",
              "d",
              "fill",
              "stroke.*",
              "focusable",
              "xmlns",
              "width",
              "height",
              "rx",
              "points",
              "transform",
              "preserveAspectRatio",
              "accept",
              "capture",
              "download",
              "decoding",
              "loading",
              "endpoint",
              "method",
              "mode",
            ],
          },
          // Symbols drawn beside the words (a tick, an "i", a pause or play glyph, a multiplication-sign close).
          words: { exclude: ["[0-9!-/:-@[-`{-~]+", "[A-Z_-]+", "^[✓×❚▶★•·←→‹›£i ]+$", "^$"] },
          callees: {
            // Calls whose string arguments are keys, formats or states, not words: the site-text group, a date format…
            exclude: [
              "siteText",
              "setSentTo",
              "format",
              "toLocaleString",
              "toUpperCase",
              "join",
              "setMode",
              "setEditing",
              "send",
              "onBlur",
              "errorFor",
              "useMediaQuery",
              "startsWith",
              "endsWith",
              "includes",
            ],
          },
        },
      ],
    },
  },

  // Outside JSX, the words a visitor reads from code are the messages hooks, blocks and the API client give back
  // (`error` / `message`, shown in an alert or the submitting panel): they come from the definitions too. The
  // i18next rule in "all" mode would flag every field path, event and state name, so this names the one shape: words
  // (a space between letters) as an error or a message.
  {
    files: ["renderer/**/*.{ts,tsx}"],
    ignores: ["renderer/**/*.test.{ts,tsx}", "renderer/**/testing/**", "renderer/ops/**", "renderer/preview/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          `${MESSAGE_SLOT} > Literal${WORDS}`,
          `${MESSAGE_SLOT} > :matches(LogicalExpression, ConditionalExpression) > Literal${WORDS}`,
          `${MESSAGE_SLOT} > TemplateLiteral:has(TemplateElement[value.raw=/[A-Za-z] [A-Za-z(]/])`,
        ].map((selector) => ({
          selector,
          message: "A message a visitor may read belongs in the definitions (content/site.json `text.common`, a block's copy), not in code",
        })),
      ],
    },
  },

  // Import boundaries (docs/architecture.md, "Folders and what may import what").
  ...layerBoundaries(),
);
