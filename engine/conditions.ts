import type { Condition, FieldDefinition } from "../schema/types";
import { getPath, isFilled, type FormData } from "./paths";
import { validateFields } from "./rules";

export interface ConditionContext {
  data: FormData;
  query: URLSearchParams;
  brand: Record<string, unknown>;
  fields: Record<string, FieldDefinition>;
  today?: Date;
}

/** Evaluates a condition tree; the operator set is the schema's CONDITION_OPERATORS. */
export function evaluateCondition(condition: Condition, ctx: ConditionContext): boolean {
  if ("all" in condition) return condition.all.every((c) => evaluateCondition(c, ctx));
  if ("any" in condition) return condition.any.some((c) => evaluateCondition(c, ctx));
  if ("not" in condition) return !evaluateCondition(condition.not, ctx);
  if ("filled" in condition) return isFilled(getPath(ctx.data, condition.filled));
  if ("valid" in condition) {
    const prefix = condition.valid;
    const paths = Object.keys(ctx.fields).filter((p) => p === prefix || p.startsWith(`${prefix}.`));
    return Object.keys(validateFields(paths, ctx.fields, ctx.data, ctx.today)).length === 0;
  }
  if ("equals" in condition) return getPath(ctx.data, condition.equals[0]) === condition.equals[1];
  if ("query" in condition) return ctx.query.get(condition.query[0]) === condition.query[1];
  if ("brand" in condition) return getPath(ctx.brand, condition.brand[0]) === condition.brand[1];
  return false;
}

/** Names of the operators this evaluator understands, checked against the schema by a test. */
export const EVALUATED_OPERATORS = ["all", "any", "not", "filled", "valid", "equals", "query", "brand"] as const;
