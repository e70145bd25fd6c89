/**
 * lender-limit-mismatch (within a funnel): a lender picker whose limit message
 * or banner states a number other than its `max`, so the visitor is told one
 * limit and held to another. The company's lender count is checked across
 * files (check-brand-meaning.ts).
 */
import { asString } from "../loose";
import type { Finding } from "../types";
import { blocksOf, stepsOf } from "../funnel/walk";

const WORD_VALUES: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};

/** The numbers a line of copy states, in digits or words, each with the text that states it. */
export function statedNumbers(text: string): { value: number; text: string }[] {
  const words = text.match(/\b[A-Za-z]+\b|\d+/g) ?? [];
  return words.flatMap((w) => {
    const value = /^\d+$/.test(w) ? Number(w) : Object.hasOwn(WORD_VALUES, w.toLowerCase()) ? WORD_VALUES[w.toLowerCase()] : undefined;
    return value === undefined ? [] : [{ value, text: w }];
  });
}

export const LIMIT_COPY_PROPS = ["limitMessage", "limitBanner"] as const;

export function checkLenderLimitCopy(funnel: unknown): Finding[] {
  return stepsOf(funnel).flatMap((step) =>
    blocksOf(step).flatMap((block) => {
      if (block.type !== "lenderPicker" || typeof block.props.max !== "number") return [];
      const max = block.props.max;
      return LIMIT_COPY_PROPS.flatMap((prop) => {
        const text = asString(block.props[prop]);
        const stated = text === undefined ? [] : statedNumbers(text);
        const wrong = stated.find((n) => n.value !== max);
        if (wrong === undefined) return [];
        return [
          {
            path: `${block.path}/props/${prop}`,
            token: wrong.text,
            code: "lender-limit-mismatch" as const,
            severity: "error" as const,
            message: `The ${prop} says ${wrong.text} lenders but the picker's max is ${max}, so the visitor is told a different limit from the one they meet`,
            suggestion: `say ${max}, or change max`,
          },
        ];
      });
    }),
  );
}
