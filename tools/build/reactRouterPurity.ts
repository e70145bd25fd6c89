import type { Plugin } from "vite";

/**
 * react-router's published build calls React.forwardRef and React.createContext at module level without
 * marking the calls pure, and names each result with a `displayName` assignment. A bundler must assume
 * either could have an effect, so every component the package defines (Form, NavLink, the prefetch
 * links, the RSC error handler...) is shipped whether or not the app uses it: about 13 KiB gzip where
 * the parts this renderer uses are about 9. Both are pure, and displayName is read only by React's dev
 * tools, so marking the calls and dropping the names lets tree-shaking remove what is not imported.
 */
export function reactRouterPurity(): Plugin {
  return {
    name: "react-router-purity",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      return { code: markReactRouterPure(code), map: null };
    },
  };
}

// A component class given its contextType by an assignment after it: the assignment is an effect a bundler
// keeps, and with it the class and all it refers to (the RSC error handler and its digest decoders), used or
// not. Inside a pure function the class and its contextType go together, or not at all.
const CLASS_WITH_CONTEXT_TYPE = /^var ([\w$]+) = (class extends React\d*\.Component \{\n[\s\S]*?\n\});\n\1\.contextType = ([\w$]+);$/gm;

const UNMARKED_PURE_CALL = /(?<![\w$.])(?<!__PURE__ \*\/ )(React\d*\.(?:forwardRef|createContext|memo)\()/g;
const DISPLAY_NAME_STATEMENT = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

export function markReactRouterPure(code: string): string {
  return code
    .replace(UNMARKED_PURE_CALL, "/* @__PURE__ */ $1")
    .replace(DISPLAY_NAME_STATEMENT, "")
    .replace(
      CLASS_WITH_CONTEXT_TYPE,
      "var $1 = /* @__PURE__ */ (() => {\n  const component = $2;\n  component.contextType = $3;\n  return component;\n})();",
    );
}
