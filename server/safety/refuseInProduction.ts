/**
 * Production refuses what isn't real: a sandbox provider would turn made-up
 * credit files into claims against real lenders, the sandbox mailbox would
 * deliver no reset mail, and plain http would expose claimants' data.
 * ALLOW_SANDBOX=true lets a staging site run sandboxes (never plain http).
 */
import { plainHttpFindings, sandboxFindings, type Finding, type ProviderChoice } from "./sandboxes";

export class ProductionRefusal extends Error {
  override name = "ProductionRefusal";
}

function line(finding: Finding): string {
  return `  - ${finding.brandId ? `brand ${finding.brandId}: ` : ""}${finding.what}; ${finding.fix}`;
}

/** Throws ProductionRefusal naming each brand, provider and fixing setting; returns quietly when all is real. */
export function refuseInProduction(choice: ProviderChoice, allowSandbox: boolean): void {
  const findings = [...(allowSandbox ? [] : sandboxFindings(choice)), ...plainHttpFindings(choice)];
  if (findings.length === 0) return;
  const hint = allowSandbox
    ? ""
    : '\nA staging site may run sandboxes with ALLOW_SANDBOX=true (the pages then say "Test mode: no real credit search").';
  throw new ProductionRefusal(`Refusing to start with NODE_ENV=production:\n${findings.map(line).join("\n")}${hint}`);
}
