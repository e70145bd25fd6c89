/**
 * Fictional answers for every field of a funnel, so the preview shows each
 * step as a visitor part-way through would see it. Chosen by field kind and
 * autocomplete token, then for plain text by a few common words in the
 * field's path (number, street, city), so any funnel gets sensible values.
 */
import type { FieldDefinition, FunnelDefinition } from "../../schema/types";
import { setPath, type FormData } from "../../engine/paths";

const BY_AUTOCOMPLETE: Record<string, string> = {
  "given-name": "Sam",
  "family-name": "Sample",
  name: "Sam Sample",
  email: "sam.sample@example.com",
  tel: "07700 900123",
  "tel-national": "07700 900123",
  "postal-code": "SW1A 2AA",
  "address-level2": "London",
  "address-level1": "Greater London",
  bday: "1985-06-15",
};

/** Plain text by a word in the field's path; an empty string leaves an optional part out. */
const BY_PATH: [RegExp, string][] = [
  [/postcode/i, "SW1A 2AA"],
  [/building|flat/i, ""],
  [/number/i, "10"],
  [/street|line/i, "Example Street"],
  [/city|town/i, "London"],
  [/county/i, "Greater London"],
];

function sampleFor(key: string, field: FieldDefinition): unknown {
  if (field.secret) return undefined;
  const byToken = field.autocomplete ? BY_AUTOCOMPLETE[field.autocomplete.split(" ").pop() ?? ""] : undefined;
  switch (field.kind) {
    case "select":
    case "radio":
      return field.options?.[0]?.value;
    case "checkbox":
      return true;
    case "date":
      return "1985-06-15";
    case "email":
      return BY_AUTOCOMPLETE.email;
    case "tel":
      return BY_AUTOCOMPLETE.tel;
    case "signature":
    case "list":
    case "password":
      return undefined;
    default:
      return byToken ?? BY_PATH.find(([pattern]) => pattern.test(key))?.[1] ?? "Sample";
  }
}

/** Sample form data for a funnel, plus what earlier steps' hooks would have stored (a reference, claims found). */
export function sampleAnswers(funnel: FunnelDefinition): FormData {
  let data: FormData = { claim_reference: "PREVIEW-0001", claimsFound: 2, totalClaims: 2 };
  for (const [key, field] of Object.entries(funnel.fields)) {
    const value = sampleFor(key, field);
    if (value !== undefined && value !== "") data = setPath(data, key, value);
  }
  return data;
}
