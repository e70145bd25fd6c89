/** Every check on one funnel definition beyond its schema. */
import { checkPlaceholders } from "../check-placeholders";
import type { Finding } from "../types";
import { checkAccessGuard } from "./check-access";
import { checkConditionFields, checkFieldValues } from "./check-conditions";
import { checkContracts } from "./check-contracts";
import { checkFieldDefinitions } from "./check-fields-content";
import { checkRegexBacktracking } from "./check-regex-backtracking";
import { checkFieldReferences, checkUnusedFields } from "./check-fields";
import { checkFlow } from "./check-flow";
import { checkFieldStorage } from "./check-storage";
import { checkCrmMapping } from "./check-crm";
import { checkReachability } from "./check-reachability";
import { checkDuplicateSteps, checkMachineStates, checkStepTargets } from "./check-steps";
import { MEANING_CHECKS } from "../meaning";

const CHECKS: ((funnel: unknown) => Finding[])[] = [
  checkDuplicateSteps,
  checkStepTargets,
  checkMachineStates,
  checkFieldReferences,
  checkUnusedFields,
  checkFieldDefinitions,
  checkRegexBacktracking,
  checkFieldStorage,
  checkCrmMapping,
  checkConditionFields,
  checkFieldValues,
  checkPlaceholders,
  checkReachability,
  checkFlow,
  checkAccessGuard,
  checkContracts,
  ...MEANING_CHECKS,
];

export function funnelFindings(funnel: unknown): Finding[] {
  return CHECKS.flatMap((check) => check(funnel));
}
