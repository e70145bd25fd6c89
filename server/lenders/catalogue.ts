/** The lender catalogue (definitions/lenders/catalogue.json): validated on load, seeded into the database at start. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { normaliseLenderName } from "../../schema/rules/normaliseLenderName";
import { PROJECT_ROOT } from "../../lint/projectRoot";

export const DEFAULT_CATALOGUE_PATH = path.join(PROJECT_ROOT, "definitions", "lenders", "catalogue.json");

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, "must be a lower-case UUID v4");

const catalogueSchema = z
  .object({
    $schema: z.string().optional(),
    description: z.string().optional(),
    lenders: z.array(z.strictObject({ id: uuid, name: z.string().min(1), aliases: z.array(z.string().min(1)) })).min(1),
    companies: z.record(z.string().min(1), z.array(uuid)),
  })
  .strict();

export interface CatalogueLender {
  id: string;
  name: string;
  aliases: string[];
}

export interface LenderCatalogue {
  lenders: CatalogueLender[];
  companies: Record<string, string[]>;
}

/** Checks what the shape cannot: unique ids and names, an alias naming one lender only, company lists naming real lenders. */
export function checkCatalogue(catalogue: LenderCatalogue): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const names = new Map<string, string>();
  for (const lender of catalogue.lenders) {
    if (ids.has(lender.id)) problems.push(`lender id ${lender.id} is used twice`);
    ids.add(lender.id);
    for (const label of [lender.name, ...lender.aliases]) {
      const key = normaliseLenderName(label);
      const owner = names.get(key);
      if (owner && owner !== lender.id) problems.push(`"${label}" names two lenders (${owner} and ${lender.id})`);
      names.set(key, lender.id);
    }
  }
  for (const [company, lenderIds] of Object.entries(catalogue.companies)) {
    for (const id of lenderIds) if (!ids.has(id)) problems.push(`company ${company} lists unknown lender ${id}`);
  }
  return problems;
}

export function parseCatalogue(json: unknown, source = "lender catalogue"): LenderCatalogue {
  const parsed = catalogueSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source}: ${issue.path.join(".") || "(root)"} ${issue.message}`);
  }
  const catalogue = { lenders: parsed.data.lenders, companies: parsed.data.companies };
  const problems = checkCatalogue(catalogue);
  if (problems.length) throw new Error(`${source}: ${problems.join("; ")}`);
  return catalogue;
}

/** The catalogue of a definitions folder (DEFINITIONS_DIR): its lenders/catalogue.json, else the repository's. */
export function cataloguePathFor(definitionsDir: string | undefined): string {
  const own = definitionsDir ? path.join(definitionsDir, "lenders", "catalogue.json") : undefined;
  return own && existsSync(own) ? own : DEFAULT_CATALOGUE_PATH;
}

export function loadCatalogue(file = DEFAULT_CATALOGUE_PATH): LenderCatalogue {
  return parseCatalogue(JSON.parse(readFileSync(file, "utf8")), path.relative(process.cwd(), file));
}
