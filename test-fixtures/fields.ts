/**
 * The tests' own set of common fields (names, contact details, address, signature, password, lenders), with
 * their own labels and messages: the fixture funnel's fields (definitions/funnels/t1.json), which a block or
 * runner test's funnel asks unless the test writes its own.
 */
import t1 from "./definitions/funnels/t1.json";
import type { FieldDefinition } from "../schema/types";

export const FIELDS = t1.fields as unknown as Record<string, FieldDefinition>;
