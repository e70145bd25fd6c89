import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Brand, FunnelDefinition } from "../../schema/types";
import { runCli } from "../run-cli";
import { buildFlowGraph } from "./flow-model";
import { FLOWS_DOC, flowSection, shippedFunnels } from "./flows-doc";
import { toMermaid } from "./mermaid";
import { toSvg } from "./svg";

const fixture = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../lint/fixtures/${name}`, import.meta.url)), "utf8"));

/** The lint fixture funnel with a branch to a site path, a step left out by includeWhen and a brand condition. */
function branchingFunnel(): FunnelDefinition {
  const funnel = fixture("valid/minimal-funnel.json");
  funnel.steps[0].next = [{ when: { equals: ["hadFinance", "no"] }, to: { href: "/privacy-policy" } }];
  funnel.steps[1].includeWhen = { any: [{ brand: ["credit_check_providers.provider_type", "kba"] }, { query: ["verify", "true"] }] };
  funnel.routing.redirectFrom = [{ path: "old", fallbackStep: "get-started" }];
  return funnel;
}

describe("funnel graph", () => {
  it("draws next rules with their conditions, includeWhen skips, redirects and hooks as Mermaid", () => {
    const mermaid = toMermaid(buildFlowGraph(branchingFunnel()));
    expect(mermaid.split("\n")).toEqual(
      expect.arrayContaining([
        "flowchart TD",
        '  s0["<b>get-started</b><br/>button: setValue"]',
        '  s1["<b>address</b><br/>only when brand credit_check_providers.provider_type = #quot;kba#quot; or ?verify=true"]',
        '  s2["<b>about-you</b><br/>on Next: submitClaimRequest"]',
        '  s0 -->|"hadFinance = #quot;no#quot;"| page4',
        '  s0 -->|"otherwise"| s1',
        '  s0 -.->|"address left out"| s2',
        '  page5 -.->|"redirect: every step"| s0',
      ]),
    );
    expect(mermaid).toContain('page4(["/privacy-policy"])');
  });

  it("decides brand conditions for a brand", () => {
    const brand = fixture("valid/brand.json") as Brand;
    const mermaid = toMermaid(buildFlowGraph(branchingFunnel(), brand));
    expect(mermaid).toContain("only when false for this brand or ?verify=true");
  });

  it("draws an SVG with a box per step and a labelled arrow per rule", () => {
    const svg = toSvg(buildFlowGraph(branchingFunnel()));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<rect [^>]*stroke="#0b5cad"/g)).toHaveLength(4);
    expect(svg).toContain("hadFinance = &quot;no&quot;");
    expect(svg.match(/marker-end="url\(#arrow\)"/g)?.length).toBeGreaterThanOrEqual(6);
  });

  it("prints the shipped v2 as the docs show it (npm run flows rewrites docs/flows.md when the flow changes)", async () => {
    let stdout = "";
    const code = await runCli(["graph", "v2", "--format", "mermaid"], { stdout: (t) => (stdout += t), stderr: () => {} });
    expect(code).toBe(0);
    const doc = readFileSync(FLOWS_DOC, "utf8");
    expect(doc).toContain(`\`\`\`mermaid\n${stdout.trimEnd()}\n\`\`\``);
    for (const funnel of shippedFunnels())
      expect(doc, `docs/flows.md is out of date for ${funnel.version}: run npm run flows`).toContain(flowSection(funnel));
  });
});
