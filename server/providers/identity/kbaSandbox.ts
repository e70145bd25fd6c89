/**
 * The sandbox KBA provider: three multiple-choice questions about the
 * person's own details (postcode, birth month, birth year), the same for the
 * same claim request. The true answers pass (success); any wrong one fails.
 * Personas by surname, any case: Kbafail always fails, Kbamanual is passed by
 * a (pretend) agent's manual override whatever the answers.
 */
import { createHash } from "node:crypto";
import type { IdentitySubject, KbaProvider, KbaQuestion, KbaStatus } from "./types";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const POSTCODES = ["LS1 4AP", "M1 1AE", "B1 1BB", "BS1 4DJ", "NE1 7RU", "CF10 1EP", "EH1 1YZ", "G1 1XQ", "NG1 5FS", "L1 8JQ"];

function seeded(seed: string) {
  let counter = 0;
  return () => {
    const digest = createHash("sha256").update(`${seed}:${counter++}`).digest();
    return digest.readUInt32BE(0) / 0x1_0000_0000;
  };
}

function optionId(claimRequestId: string, questionId: string, label: string): string {
  return createHash("sha256").update(`${claimRequestId}:${questionId}:${label}`).digest("hex").slice(0, 12);
}

/** Three wrong answers around the true one, shuffled, deterministically. */
function choices(truth: string, pool: string[], random: () => number, ordered: boolean): string[] {
  const wrong = pool
    .filter((p) => p !== truth)
    .sort(() => random() - 0.5)
    .slice(0, 3);
  const picked = [truth, ...wrong];
  // Months and years read best in their natural order; postcodes are shuffled.
  return ordered ? picked.sort((a, b) => pool.indexOf(a) - pool.indexOf(b)) : picked.sort(() => random() - 0.5);
}

function build(subject: IdentitySubject, claimRequestId: string): { question: KbaQuestion; truth: string }[] {
  const random = seeded(`${claimRequestId}:${subject.lastName}:${subject.dateOfBirth}`);
  const [year, month] = subject.dateOfBirth.split("-").map(Number);
  const postcode = subject.postcode.trim().toUpperCase();
  const years = Array.from({ length: 9 }, (_, i) => String(year - 4 + i));
  const specs = [
    {
      id: "postcode",
      text: "Which of these postcodes is your current address in?",
      truth: postcode,
      pool: [...POSTCODES, postcode],
      ordered: false,
    },
    { id: "birth-month", text: "In which month were you born?", truth: MONTHS[month - 1], pool: MONTHS, ordered: true },
    { id: "birth-year", text: "In which year were you born?", truth: String(year), pool: years, ordered: true },
  ];
  return specs.map((spec) => ({
    truth: spec.truth,
    question: {
      id: spec.id,
      text: spec.text,
      options: choices(spec.truth, spec.pool, random, spec.ordered).map((label) => ({
        id: optionId(claimRequestId, spec.id, label),
        label,
      })),
    },
  }));
}

export function createSandboxKbaProvider(): KbaProvider {
  return {
    name: "sandbox",
    questions: (subject, claimRequestId) => build(subject, claimRequestId).map((q) => q.question),
    check(subject, claimRequestId, answers): KbaStatus {
      const persona = subject.lastName.trim().toLowerCase();
      if (persona === "kbafail") return "failure";
      if (persona === "kbamanual") return "manual-override";
      const given = new Map(answers.map((a) => [a.question_id, a.answer_id]));
      const allRight = build(subject, claimRequestId).every(
        ({ question, truth }) => given.get(question.id) === optionId(claimRequestId, question.id, truth),
      );
      return allRight ? "success" : "failure";
    },
  };
}
