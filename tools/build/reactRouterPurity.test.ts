import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markReactRouterPure } from "./reactRouterPurity";

describe("markReactRouterPure", () => {
  it("marks module-level forwardRef, createContext and memo calls pure, once", () => {
    const code = [
      "var Link = React10.forwardRef(function LinkWithRef() {});",
      "var RouteContext = React.createContext(null);",
      "var Memo = React3.memo(Component);",
      "var Already = /* @__PURE__ */ React2.createContext(null);",
      "var other = useState(0);",
    ].join("\n");
    expect(markReactRouterPure(code).split("\n")).toEqual([
      "var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});",
      "var RouteContext = /* @__PURE__ */ React.createContext(null);",
      "var Memo = /* @__PURE__ */ React3.memo(Component);",
      "var Already = /* @__PURE__ */ React2.createContext(null);",
      "var other = useState(0);",
    ]);
  });

  it("drops displayName statements but keeps the lines, and leaves other assignments alone", () => {
    const code = ['Link.displayName = "Link";', "Link.other = 1;", 'x = a.displayName = "b";'].join("\n");
    expect(markReactRouterPure(code).split("\n")).toEqual(["", "Link.other = 1;", 'x = a.displayName = "b";']);
  });

  it("wraps a component class and its contextType assignment in one pure function", () => {
    const code = [
      "var Boundary = class extends React2.Component {",
      "  render() { return handle(this.context); }",
      "};",
      "Boundary.contextType = SomeContext;",
      "var Plain = class extends Error {",
      "};",
    ].join("\n");
    const marked = markReactRouterPure(code);
    expect(marked).toContain("var Boundary = /* @__PURE__ */ (() => {");
    expect(marked).toContain("component.contextType = SomeContext;");
    expect(marked).not.toMatch(/^Boundary\.contextType/m);
    expect(marked).toContain("var Plain = class extends Error {");
    // Still the same class when it is used.
    const run = new Function("React2", "SomeContext", "handle", `${marked}\nreturn Boundary;`);
    class Component {}
    const Boundary = run({ Component }, "ctx", (c: unknown) => c) as { contextType: string; prototype: object };
    expect(Boundary.contextType).toBe("ctx");
    expect(Object.getPrototypeOf(Boundary.prototype)).toBe(Component.prototype);
  });

  // If react-router's published code changes shape, the build silently ships its whole component set again;
  // this says so instead.
  it("finds what it rewrites in the installed react-router's production build", () => {
    const dist = path.resolve("node_modules/react-router/dist/production");
    const code = readdirSync(dist)
      .filter((file) => file.endsWith(".mjs"))
      .map((file) => readFileSync(path.join(dist, file), "utf8"))
      .join("\n");
    const marked = markReactRouterPure(code);
    expect(code).toMatch(/NavLink\.displayName = "NavLink";/);
    expect(marked).not.toMatch(/^[\w$]+\.displayName = "[^"]*";$/m);
    expect(marked).toMatch(/var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(marked).toMatch(/var LocationContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/);
    expect(marked).toMatch(/var RenderErrorBoundary = \/\* @__PURE__ \*\/ \(\(\) => \{/);
  });
});
