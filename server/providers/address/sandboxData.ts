/**
 * A few hundred fictional UK addresses, generated the same way every time
 * from town and street lists: numbered houses, named houses, flats in named
 * buildings, real-format postcodes for each town. Streets are invented.
 */
import { createHash } from "node:crypto";
import type { RawAddress } from "./types";

interface Town {
  town: string;
  county: string;
  outward: string[];
  streets: string[];
}

const TOWNS: Town[] = [
  {
    town: "London",
    county: "",
    outward: ["SW1A", "SE1", "N1", "E2"],
    streets: ["Downing Close", "Albany Street", "Canal Walk", "Bethnal Terrace"],
  },
  {
    town: "Guildford",
    county: "Surrey",
    outward: ["GU1", "GU2"],
    streets: ["Sandfield Road", "Pewley Avenue", "Stag Hill Close", "Wey Meadows"],
  },
  {
    town: "Leeds",
    county: "West Yorkshire",
    outward: ["LS6", "LS8"],
    streets: ["Headingley Mount", "Roundhay Grove", "Cardigan Lane", "Harehills Crescent"],
  },
  {
    town: "Manchester",
    county: "Lancashire",
    outward: ["M14", "M20"],
    streets: ["Wilbraham Road", "Burton Gardens", "Fallowfield Way", "Didsbury Park"],
  },
  {
    town: "Bristol",
    county: "Avon",
    outward: ["BS6", "BS7"],
    streets: ["Cotham Vale", "Gloucester Place", "Redland Crescent", "Ashley Down Road"],
  },
  {
    town: "Birmingham",
    county: "West Midlands",
    outward: ["B13", "B17"],
    streets: ["Moseley Drive", "Harborne Lane", "Vicarage Gardens", "Kings Heath Road"],
  },
  {
    town: "Cardiff",
    county: "South Glamorgan",
    outward: ["CF10", "CF14"],
    streets: ["Bute Terrace", "Heath Park Avenue", "Llandaff Close", "Cathays Street"],
  },
  {
    town: "Glasgow",
    county: "Lanarkshire",
    outward: ["G12", "G41"],
    streets: ["Byres Gardens", "Pollok Road", "Kelvin Crescent", "Shawlands Place"],
  },
  {
    town: "Edinburgh",
    county: "Midlothian",
    outward: ["EH6", "EH10"],
    streets: ["Leith Walk Place", "Morningside Drive", "Bruntsfield Grove", "Shore Lane"],
  },
  {
    town: "Norwich",
    county: "Norfolk",
    outward: ["NR2", "NR3"],
    streets: ["Unthank Road", "Magdalen Close", "Colegate Street", "Earlham Grove"],
  },
  {
    town: "Exeter",
    county: "Devon",
    outward: ["EX1", "EX4"],
    streets: ["Heavitree Road", "Pennsylvania Close", "St Davids Hill", "Topsham Way"],
  },
  {
    town: "York",
    county: "North Yorkshire",
    outward: ["YO10", "YO31"],
    streets: ["Heslington Lane", "Huntington Road", "Fulford Grove", "Monkgate Place"],
  },
  {
    town: "Nottingham",
    county: "Nottinghamshire",
    outward: ["NG5", "NG7"],
    streets: ["Sherwood Rise", "Lenton Boulevard", "Arboretum Street", "Mapperley Road"],
  },
  {
    town: "Belfast",
    county: "County Antrim",
    outward: ["BT7", "BT9"],
    streets: ["Malone Avenue", "Ormeau Close", "Lisburn Road", "Stranmillis Gardens"],
  },
  {
    town: "Reading",
    county: "Berkshire",
    outward: ["RG1", "RG30"],
    streets: ["Caversham Road", "Tilehurst Lane", "Southcote Drive", "Erleigh Gardens"],
  },
];

const BUILDINGS = ["Albion House", "Victoria Court", "Kingfisher House", "Meridian Point", "Orchard Mews", "Regent Court"];
const HOUSE_NAMES = ["Rose Cottage", "The Old Forge", "Holly Lodge", "Willow Barn"];
const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ"; // letters a postcode's inward code may use

function hash(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function inwardCode(seed: string): string {
  const h = hash(seed);
  return `${1 + (h[0] % 9)}${INWARD_LETTERS[h[1] % INWARD_LETTERS.length]}${INWARD_LETTERS[h[2] % INWARD_LETTERS.length]}`;
}

function splitStreet(street: string): [string, string] {
  const at = street.lastIndexOf(" ");
  return at < 0 ? [street, ""] : [street.slice(0, at), street.slice(at + 1)];
}

export interface SandboxAddress {
  id: string;
  label: string;
  raw: RawAddress;
  /** Lower-cased words of the label, for prefix matching. */
  tokens: string[];
  compactPostcode: string;
}

/** "Flat 3, Albion House, 14 Sandfield Road, Guildford, GU1 3AX". */
export function labelOf(raw: RawAddress): string {
  const street = [raw.BuildingNumber || "", raw.ThoroughfareName, raw.ThoroughfareDesc].filter(Boolean).join(" ");
  return [raw.BuildingName, street, raw.Locality, raw.Postcode].filter(Boolean).join(", ");
}

function make(raw: RawAddress): SandboxAddress {
  const label = labelOf(raw);
  return {
    id: `SBX-${hash(label).toString("hex").slice(0, 12).toUpperCase()}`,
    label,
    raw,
    tokens: label
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
    compactPostcode: raw.Postcode.replace(/\s+/g, "").toLowerCase(),
  };
}

function generate(): SandboxAddress[] {
  const out: SandboxAddress[] = [];
  TOWNS.forEach((town, townIndex) => {
    town.streets.forEach((street, streetIndex) => {
      const [name, desc] = splitStreet(street);
      const outward = town.outward[streetIndex % town.outward.length];
      const houses = 8 + (hash(street)[0] % 5); // 8-12 numbered houses
      const base = { ThoroughfareName: name, ThoroughfareDesc: desc, Locality: town.town, PostalCounty: town.county };
      for (let n = 1; n <= houses; n++) {
        const postcode = `${outward} ${inwardCode(`${street}|${n <= 6 ? "a" : "b"}`)}`;
        out.push(make({ ...base, BuildingName: "", BuildingNumber: n, Postcode: postcode }));
      }
      if (streetIndex === 1) {
        const building = BUILDINGS[townIndex % BUILDINGS.length];
        const number = houses + 2;
        const postcode = `${outward} ${inwardCode(`${street}|${building}`)}`;
        for (let flat = 1; flat <= 4; flat++) {
          out.push(make({ ...base, BuildingName: `Flat ${flat}, ${building}`, BuildingNumber: number, Postcode: postcode }));
        }
      }
      if (streetIndex === 2) {
        out.push(
          make({
            ...base,
            BuildingName: HOUSE_NAMES[townIndex % HOUSE_NAMES.length],
            BuildingNumber: 0,
            Postcode: `${outward} ${inwardCode(`${street}|named`)}`,
          }),
        );
        out.push(make({ ...base, BuildingName: "Flat 2", BuildingNumber: 45, Postcode: `${outward} ${inwardCode(`${street}|b`)}` }));
      }
    });
  });
  return out;
}

/** Fixed test addresses documented in server/providers/README.md; generated postcodes are not hand-picked, these are. */
const FIXED: RawAddress[] = [
  {
    BuildingName: "",
    BuildingNumber: 10,
    ThoroughfareName: "Downing",
    ThoroughfareDesc: "Close",
    Locality: "London",
    PostalCounty: "",
    Postcode: "SW1A 2DX",
  },
  {
    BuildingName: "Flat 3, Albion House",
    BuildingNumber: 14,
    ThoroughfareName: "Sandfield",
    ThoroughfareDesc: "Road",
    Locality: "Guildford",
    PostalCounty: "Surrey",
    Postcode: "GU1 3AX",
  },
  {
    BuildingName: "Rose Cottage",
    BuildingNumber: 0,
    ThoroughfareName: "Church",
    ThoroughfareDesc: "Lane",
    Locality: "Guildford",
    PostalCounty: "Surrey",
    Postcode: "GU2 4DW",
  },
];

let cached: SandboxAddress[] | null = null;

export function sandboxAddresses(): SandboxAddress[] {
  if (!cached) {
    const generated = generate();
    const fixed = FIXED.map(make);
    // A fixed address replaces a generated one for the same building, so no house has two postcodes.
    const place = (r: RawAddress) => [r.BuildingName, r.BuildingNumber, r.ThoroughfareName, r.ThoroughfareDesc, r.Locality].join("|");
    const taken = new Set(fixed.map((a) => place(a.raw)));
    cached = [...fixed, ...generated.filter((a) => !taken.has(place(a.raw)))];
  }
  return cached;
}
