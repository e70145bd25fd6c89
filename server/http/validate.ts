/** zod at the edge: every body, param and query is parsed here, and a failure is a 400 with one plain sentence. */
import type { Request } from "express";
import type { z } from "zod";
import { HttpError } from "./errors";
import { UUID_PATTERN } from "../../schema/api/claimRequests";

type Issue = z.core.$ZodIssue;

function pathOf(issue: Issue, prefix: string): string {
  const parts = issue.path.map(String);
  return parts.length ? parts.join(".") : prefix;
}

/** One sentence for the first issue: "claim_request_id is required", "Unknown field 'foo'". */
export function describeIssue(issue: Issue, prefix = "The request body"): string {
  const where = pathOf(issue, prefix);
  if (issue.code === "unrecognized_keys") {
    const parent = issue.path.length ? `${issue.path.join(".")}.` : "";
    return `Unknown field '${parent}${issue.keys[0]}'`;
  }
  if (issue.code === "invalid_type") {
    if (/received undefined$/.test(issue.message)) return issue.path.length ? `${where} is required` : `${prefix} must be a JSON object`;
    if (issue.path.length === 0) return `${prefix} must be a JSON ${issue.expected}`;
    return `${where} must be ${issue.expected === "array" ? "an array" : `a ${issue.expected}`}`;
  }
  return `${where}: ${issue.message}`;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeIssue(result.error.issues[0], prefix));
  return result.data;
}

export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.body, "The request body");
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.params, "The URL");
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parseWith(schema, req.query, "The query string");

export { UUID_PATTERN };
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID_PATTERN.test(value);
