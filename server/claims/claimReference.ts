/**
 * Human-readable claim references such as "FD-7K3M9Q2P": the brand's prefix
 * and eight characters from an alphabet without look-alikes (no 0/O, 1/I/L, U).
 */
import { randomInt } from "node:crypto";

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_LENGTH = 8;
const GENERIC_WORDS = new Set(["CLAIM", "CLAIMS", "LTD", "LIMITED", "PLC", "THE", "UK", "GROUP", "AND"]);

/** "FairDrive Claims" → "FD": capitalised word parts, generic words dropped, at most three letters. */
export function brandPrefix(brandName: string, brandId = ""): string {
  const parts = brandName
    .split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/)
    .filter(Boolean)
    .filter((p) => !GENERIC_WORDS.has(p.toUpperCase()));
  let prefix = parts
    .map((p) => p[0].toUpperCase())
    .join("")
    .slice(0, 3);
  if (prefix.length < 2) prefix = (prefix + brandId.replace(/[^a-z]/gi, "").toUpperCase()).slice(0, 2);
  return prefix.length >= 2 ? prefix : "CL";
}

export function generateReference(prefix: string, random: (max: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

export const REFERENCE_PATTERN = new RegExp(`^[A-Z0-9]{2,3}-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
