/**
 * When the sandbox's own addresses match nothing, a plausible street (and town) that a person
 * types still gets answers, so a newcomer trying their own address is never stuck: the street
 * as typed, made-up house numbers (or the one typed), the town typed (or one of the sandbox's),
 * and a valid-format postcode derived from the text. The address travels in its own id, so
 * retrieving it needs no storage. Nothing here is real.
 */
import { createHash } from "node:crypto";
import type { RawAddress } from "./types";

const STREET_TYPES = new Set(
  "road street lane avenue close drive way crescent grove gardens place terrace court walk hill park rise row square view mews green parade boulevard vale".split(
    " ",
  ),
);
const FALLBACK_TOWNS = [
  { town: "Leeds", county: "West Yorkshire", outward: "LS6" },
  { town: "Bristol", county: "Avon", outward: "BS6" },
  { town: "Norwich", county: "Norfolk", outward: "NR2" },
  { town: "Exeter", county: "Devon", outward: "EX4" },
  { town: "Reading", county: "Berkshire", outward: "RG1" },
];
const OUTWARD_CODES = ["LS6", "BS6", "NR2", "EX4", "RG1", "M14", "B13", "CF14", "G12", "EH6", "YO10", "NG7", "BT9", "GU1", "SE1"];
const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";
export const IMAGINED_PREFIX = "SBX-IMAGINED-";
/** Longer street or town names are not plausible here (and keep the id short). */
const MAX_PART = 40;

const digest = (text: string) => createHash("sha256").update(text.toLowerCase()).digest();
const titleCase = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(" ");

interface Parsed {
  number: number | null;
  street: string[];
  town: string[];
}

/** "12 Mill Lane, Bristol" / "mill lane bristol" / "12 Acacia Avenue": number, street words, town words. */
function parse(query: string): Parsed | null {
  const cleaned = query.replace(/\s+/g, " ").trim();
  if (!/^[\p{L}\d ,.'-]+$/u.test(cleaned)) return null;
  const [first, ...rest] = cleaned.split(",").map((p) => p.trim());
  const words = first.split(" ").filter(Boolean);
  let number: number | null = null;
  if (words.length && /^\d{1,4}[a-z]?$/i.test(words[0])) number = parseInt(words.shift()!, 10);
  if (words.some((w) => /\d/.test(w))) return null;
  let street = words;
  let town = rest.join(" ").split(" ").filter(Boolean);
  const typeAt = words.findIndex((w, i) => i > 0 && STREET_TYPES.has(w.toLowerCase()));
  if (typeAt > 0 && town.length === 0) {
    street = words.slice(0, typeAt + 1);
    town = words.slice(typeAt + 1);
  }
  // A street needs a name and a type ("Mill Lane"), or at least two words; each name word two letters or more.
  const hasType = street.length >= 2 && STREET_TYPES.has(street[street.length - 1].toLowerCase());
  if (!hasType && street.length < 2) return null;
  if (street.some((w) => w.replace(/['.-]/g, "").length < 2)) return null;
  if (town.some((w) => /\d/.test(w))) return null;
  if (street.join(" ").length > MAX_PART || town.join(" ").length > 30) return null;
  return { number, street, town };
}

function postcodeFor(outward: string, seed: string): string {
  const h = digest(seed);
  return `${outward} ${1 + (h[0] % 9)}${INWARD_LETTERS[h[1] % INWARD_LETTERS.length]}${INWARD_LETTERS[h[2] % INWARD_LETTERS.length]}`;
}

export function imagineAddresses(query: string, limit = 5): RawAddress[] {
  const parsed = parse(query);
  if (!parsed) return [];
  const streetText = titleCase(parsed.street);
  const at = streetText.lastIndexOf(" ");
  const [name, desc] = at < 0 ? [streetText, ""] : [streetText.slice(0, at), streetText.slice(at + 1)];
  const seed = digest(streetText);
  const known = FALLBACK_TOWNS.find((t) => t.town.toLowerCase() === parsed.town.join(" ").toLowerCase());
  const town = parsed.town.length
    ? {
        town: titleCase(parsed.town),
        county: known?.county ?? "",
        outward: known?.outward ?? OUTWARD_CODES[digest(parsed.town.join(" "))[0] % OUTWARD_CODES.length],
      }
    : FALLBACK_TOWNS[seed[0] % FALLBACK_TOWNS.length];
  const numbers = parsed.number !== null ? [parsed.number] : Array.from({ length: limit }, (_, i) => 1 + i * 2 + (seed[i + 1] % 2));
  return numbers.map((n) => ({
    BuildingName: "",
    BuildingNumber: n,
    ThoroughfareName: name,
    ThoroughfareDesc: desc,
    Locality: town.town,
    PostalCounty: town.county,
    Postcode: postcodeFor(town.outward, `${streetText}|${town.town}|${n <= 10 ? "a" : "b"}`),
  }));
}

/** The address in its id: its parts joined by "|" (none contains one), base64url; short enough for the retrieve route. */
export function imaginedId(raw: RawAddress): string {
  const parts = [raw.BuildingNumber, raw.ThoroughfareName, raw.ThoroughfareDesc, raw.Locality, raw.PostalCounty, raw.Postcode];
  return IMAGINED_PREFIX + Buffer.from(parts.join("|")).toString("base64url");
}

/** The address an imagined id carries, or null when it is not one. */
export function fromImaginedId(id: string): RawAddress | null {
  if (!id.startsWith(IMAGINED_PREFIX)) return null;
  const parts = Buffer.from(id.slice(IMAGINED_PREFIX.length), "base64url").toString("utf8").split("|");
  if (parts.length !== 6 || !/^\d{1,4}$/.test(parts[0]) || parts.some((p) => p.length > MAX_PART)) return null;
  const [number, name, desc, town, county, postcode] = parts;
  return {
    BuildingName: "",
    BuildingNumber: Number(number),
    ThoroughfareName: name,
    ThoroughfareDesc: desc,
    Locality: town,
    PostalCounty: county,
    Postcode: postcode,
  };
}
