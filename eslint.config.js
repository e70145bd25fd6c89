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
 * no-restricted-imports: an import may not reach any of `folders` (top-level folders of the
 * project, reached by a relative path), apart from the paths listed in `except`.
 */
function boundary(folders, message, except = []) {
  const allowed = except.length ? `(?!(${except.join("|")})(/|$))` : "";
  return { patterns: [{ regex: `^(\\.\\./)+${allowed}(${folders.join("|")})(/|$)`, message, allowTypeImports: true }] };
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
    files: ["renderer/**/*.{ts,tsx}", "e2e/**/*.ts"],
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

  // Import boundaries (docs/architecture.md, "Folders and what may import what").
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        boundary(["renderer"], "The server shares only engine/ (pure TypeScript) with the browser; move shared code there."),
      ],
    },
  },
  {
    files: ["tools/*.ts", "tools/bin/**", "tools/*.mjs"],
    rules: {
      "no-restricted-imports": [
        "error",
        boundary(["server"], "tools/ runs without the server: an operator command belongs in server/commands/."),
      ],
    },
  },
  {
    files: ["tools/*/**/*.ts"],
    ignores: ["tools/load/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        boundary(["server"], "The lint, graph and schema tools run without the server (the server uses them, not the other way round)."),
      ],
    },
  },
  {
    files: ["tools/load/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        boundary(["server"], "The load harness drives the server from outside, over HTTP; only the test CRM receiver is shared.", [
          "server/providers/crm/testReceiver",
        ]),
      ],
    },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", boundary(["server", "tools"], "The browser bundle must not reach server or tool code.")],
    },
  },
  {
    files: ["engine/**/*.ts"],
    ignores: ["engine/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!schema/)",
              message: "engine/ is pure TypeScript shared by the browser and the server: it imports only schema/ and itself.",
              allowTypeImports: false,
            },
            {
              regex: "^(react|react-dom|react-router|react-hook-form|express)(/|$)",
              message: "engine/ runs in the browser and on the server alike: no React, no Express.",
              allowTypeImports: false,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["schema/**/*.ts"],
    ignores: ["schema/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        boundary(["server", "tools", "renderer", "e2e"], "schema/ is the bottom layer: it imports nothing of the project."),
      ],
    },
  },
);
