/** The checks of a funnel's structure beyond its schema; with the checks of meaning they make funnelFindings.ts. */
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

export const STRUCTURE_CHECKS: ((funnel: unknown) => Finding[])[] = [
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
];
