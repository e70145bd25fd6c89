/**
 * zod at the edge: every body, param and query is parsed here, and a failure is a 400 with one plain sentence naming
 * the first wrong field. The sentence's words are the shared content's `text.request`, in the visit's language: a
 * failure is thrown as an InvalidRequest and the error handler (errors.ts) phrases it for the request.
 */
import type { Request } from "express";
import type { z } from "zod";
import { fillPlaceholders } from "../../engine/copy";
import { HttpError, type RequestWords } from "./errors";
import { UUID_PATTERN } from "../../schema/api/claimRequests";

type Issue = z.core.$ZodIssue;

/** The sentence for a field of the wrong JSON type, by the type the schema expected. */
const WRONG_TYPE: Partial<Record<string, keyof RequestWords>> = {
  string: "fieldNotText",
  number: "fieldNotNumber",
  int: "fieldNotNumber",
  bigint: "fieldNotNumber",
  boolean: "fieldNotTrueOrFalse",
  object: "fieldNotObject",
  record: "fieldNotObject",
  array: "fieldNotList",
  tuple: "fieldNotList",
};

const named = (template: string, field: string) => fillPlaceholders(template, { field });

/**
 * One sentence for an issue: "claim_request_id is required", "Unknown field 'foo'". `whole` names the value parsed
 * when it is itself a field ("data"); else a wrong whole value is the request body. A field is named as the request
 * spells it. A text too long has words of its own too; any other rule of a schema's ("must be a valid id") follows the
 * field's name as the schema words it, in English, for developers: a page's own calls never break those.
 */
export function describeIssue(issue: Issue, words: RequestWords, whole?: string): string {
  const path = issue.path.map(String);
  const field = path.length ? path.join(".") : whole;
  if (issue.code === "unrecognized_keys") return named(words.fieldUnknown, [...path, issue.keys[0]].join("."));
  if (issue.code === "invalid_type") {
    if (field === undefined) return words.bodyNotObject;
    if (/received undefined$/.test(issue.message)) return named(words.fieldRequired, field);
    return named(words[WRONG_TYPE[issue.expected] ?? "fieldNotValid"], field);
  }
  if (issue.code === "too_big" && issue.origin === "string" && field !== undefined) {
    return fillPlaceholders(words.fieldTooLong, { field, maximum: String(issue.maximum) });
  }
  return field === undefined ? issue.message : `${field}: ${issue.message}`;
}

/** A request the schema refused: a 400 whose sentence the error handler writes in the request's language. */
export class InvalidRequest extends HttpError {
  constructor(readonly issue: Issue) {
    super(400, issue.message);
    this.name = "InvalidRequest";
  }

  override say(words: RequestWords): string {
    return describeIssue(this.issue, words);
  }
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidRequest(result.error.issues[0]);
  return result.data;
}

export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.body);
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.params);
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.query);

export { UUID_PATTERN };
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID_PATTERN.test(value);
