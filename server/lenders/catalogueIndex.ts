/**
 * The lender catalogue as the funnel's calls read it, built once at start. The catalogue is static while the
 * server runs (a change is a restart, which seeds it into the database again), so the lender list, a manual pick's
 * check and a credit search's lender matching need no database round trip: under load those round trips, each
 * waiting for a pooled connection, were most of what the lender list and saving claims cost.
 */
import type { LenderCatalogue } from "./catalogue";

export interface ListedLender {
  id: string;
  name: string;
}

// By name as the lender picker shows them (renderer/blocks/lenderPicker/filterLenders.ts), whatever the host's locale.
const byName = (a: ListedLender, b: ListedLender) => a.name.localeCompare(b.name, "en-GB", { sensitivity: "base" });

export class CatalogueIndex {
  private readonly names: ReadonlyMap<string, string>;
  private readonly companies: ReadonlyMap<string, readonly ListedLender[]>;

  constructor(readonly catalogue: LenderCatalogue) {
    this.names = new Map(catalogue.lenders.map((l) => [l.id, l.name]));
    this.companies = new Map(
      Object.entries(catalogue.companies).map(([company, ids]) => [
        company,
        ids.map((id) => ({ id, name: this.names.get(id) as string })).sort(byName),
      ]),
    );
  }

  /** Every catalogue lender with its aliases (credit-search matching). */
  get lenders(): LenderCatalogue["lenders"] {
    return this.catalogue.lenders;
  }

  /** The company's lenders for manual selection, by name; undefined for a company the catalogue does not list. */
  companyLenders(companyId: string): readonly ListedLender[] | undefined {
    return this.companies.get(companyId);
  }

  /** The ids, of these, that name catalogue lenders, with their names. */
  lenderNames(ids: Iterable<string>): Map<string, string> {
    const found = new Map<string, string>();
    for (const id of ids) {
      const name = this.names.get(id);
      if (name !== undefined) found.set(id, name);
    }
    return found;
  }
}
