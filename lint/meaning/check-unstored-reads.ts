/**
 * unstored-field-read: a field marked `secret` or `transient` that a hook or
 * block reads (schema/contracts.ts). Such an answer is never stored, so the
 * identity check, the credit search, the account set-up or the CRM (the default
 * client, when the funnel maps none) that read it from the claim get nothing. Kinds that are never stored (a password, a list) are
 * read by design while the funnel runs, so only a mark on a field that would
 * otherwise be stored is reported.
 */
import { crmMappingPaths, DEFAULT_CRM_CLIENT_MAPPING } from "../../schema/crm.schema";
import { UNSTORABLE_FIELD_KINDS, type FieldKind } from "../../schema/field.schema";
import { asObject, asString } from "../loose";
import { pointer } from "../pointer";
import type { Finding } from "../types";
import { blocksOf, contractOfBlock, contractOfHook, hookCallsOf, stepsOf } from "../funnel/walk";

export function checkUnstoredReads(funnel: unknown): Finding[] {
  const fields = asObject(asObject(funnel).fields);
  const readers = new Map<string, string>();
  for (const step of stepsOf(funnel)) {
    const note = (path: string, who: string) => readers.has(path) || readers.set(path, `${who} on step '${step.id}'`);
    for (const block of blocksOf(step)) {
      const contract = contractOfBlock(block);
      for (const entry of [...contract.reads, ...contract.requires]) note(entry.path, `the ${block.type} block`);
    }
    for (const hook of hookCallsOf(step)) {
      const contract = contractOfHook(hook.call);
      for (const entry of [...contract.reads, ...contract.requires]) note(entry.path, `the ${asString(hook.call.hook)} hook`);
    }
  }
  // Without a mapping of its own the funnel sends the default client to the CRM (a mapping is crm-mapping-field's).
  const crmReads = asObject(funnel).crm === undefined ? crmMappingPaths(DEFAULT_CRM_CLIENT_MAPPING) : [];
  const crmReader = (key: string) =>
    crmReads.some((p) => (p.under ? key.startsWith(`${p.path}.`) : key === p.path)) ? "the CRM's default client" : undefined;
  return Object.entries(fields).flatMap(([key, raw]) => {
    const field = asObject(raw);
    const mark = field.secret === true ? "secret" : field.transient === true ? "transient" : undefined;
    const reader = readers.get(key) ?? crmReader(key);
    if (!mark || !reader || UNSTORABLE_FIELD_KINDS.includes(field.kind as FieldKind)) return [];
    return [
      {
        path: pointer("fields", key, mark),
        code: "unstored-field-read" as const,
        severity: "error" as const,
        message: `'${key}' is marked ${mark}, so its answer is never stored, but ${reader} reads it and would get nothing`,
        suggestion: `remove "${mark}": true from '${key}'`,
      },
    ];
  });
}
