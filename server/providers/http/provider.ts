/**
 * The http provider kind: one provider id (a brand's credit_check_provider_id)
 * answers credit search, identity verification (ALLOW / CHALLENGE / BLOCK),
 * one-time codes and KBA through the signed JSON contract in
 * docs/openapi/providers.yaml. URL and secret come from the environment
 * (HTTP_PROVIDER_<ID>_URL / _SECRET), never from definitions.
 */
import { z } from "zod";
import { CreditProviderError, type CreditProvider, type CreditReport, type CreditSubject } from "../credit/types";
import { IdentityProviderError, type IdentityProvider, type IdentitySubject, type KbaProvider, type KbaQuestion } from "../identity/types";
import { HttpProviderError, callProvider, type HttpProviderTarget } from "./client";

const account = z.object({
  accountId: z.string().max(100),
  supplierName: z.string().max(200),
  supplierType: z.enum(["MF", "BK", "FN", "CC", "MO"]),
  accountType: z.enum(["HP", "CY", "BH", "CP", "CX", "ML", "CS", "SC", "FL", "OL", "CH", "UL", "CC", "MO"]),
  accountTypeDescription: z.string().max(100),
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  settlementDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  lastUpdated: z.string().max(40),
  status: z.enum(["OK", "ST", "DF", "AA", "DR"]),
  paymentFrequency: z.enum(["W", "F", "M", "Q", "A"]),
  termMonths: z.number().int().nullable(),
  openingBalance: z.number(),
  currentBalance: z.number(),
  regularPayment: z.number(),
  balloonPayment: z.number().optional(),
  paymentHistory: z.string().max(200),
});

const creditAnswer = z.object({
  report: z.object({
    reportReference: z.string().max(100),
    generatedAt: z.string().max(40),
    status: z.enum(["complete", "partial"]),
    bureaus: z.array(z.object({ name: z.string().max(100), status: z.enum(["responded", "no-response"]) })).max(10),
    subject: z.object({ matchedOnFile: z.boolean(), addressesSearched: z.number().int() }),
    accounts: z.array(account).max(500),
    warnings: z.array(z.string().max(300)).max(20),
  }),
});

const verifyAnswer = z.object({
  decision: z.enum(["ALLOW", "CHALLENGE", "BLOCK"]),
  verification_id: z.string().min(1).max(100).nullable(),
  message: z.string().max(300).nullable(),
});
const otpCheckAnswer = z.object({ valid: z.boolean() });
const sentAnswer = z.object({ sent: z.literal(true) });
const kbaQuestionsAnswer = z.object({
  questions: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        text: z.string().min(1).max(300),
        options: z
          .array(z.object({ id: z.string().min(1).max(40), label: z.string().min(1).max(200) }))
          .min(2)
          .max(10),
      }),
    )
    .min(1)
    .max(10),
});
const kbaAnswersAnswer = z.object({ status: z.enum(["success", "failure", "manual-override"]) });

export interface HttpProviders {
  credit: CreditProvider;
  identity: IdentityProvider;
  kba: KbaProvider;
}

function parsed<T>(schema: z.ZodType<T>, json: unknown, label: string): T {
  const result = schema.safeParse(json);
  if (!result.success)
    throw new HttpProviderError(
      `${label}: the answer does not follow the contract (${result.error.issues[0]?.path.join(".") || "body"})`,
      "bad-shape",
    );
  return result.data;
}

/** The subject as the contract sends it: only what the provider needs to find the person. */
function identityBody(subject: IdentitySubject) {
  return {
    title: subject.title,
    first_name: subject.firstName,
    last_name: subject.lastName,
    date_of_birth: subject.dateOfBirth,
    email: subject.email,
    phone_number: subject.phoneNumber,
    postcode: subject.postcode,
  };
}

export function createHttpProviders(target: HttpProviderTarget): HttpProviders {
  const call = async <T>(
    path: string,
    body: unknown,
    idempotent: boolean,
    schema: z.ZodType<T>,
    toError: (e: HttpProviderError) => Error,
  ): Promise<T> => {
    try {
      return parsed(schema, await callProvider(target, { path, body, idempotent }), `${target.id} ${path}`);
    } catch (error) {
      throw error instanceof HttpProviderError ? toError(error) : error;
    }
  };
  const creditError = (e: HttpProviderError) => Object.assign(new CreditProviderError(e.message), { failure: e.failure });
  const identityError = (e: HttpProviderError) => Object.assign(new IdentityProviderError(e.message), { failure: e.failure });

  return {
    credit: {
      name: target.id,
      async run(subject: CreditSubject): Promise<CreditReport> {
        const body = {
          subject: {
            title: subject.title,
            first_name: subject.firstName,
            last_name: subject.lastName,
            date_of_birth: subject.dateOfBirth,
            address: subject.address,
          },
          search_type: "soft",
        };
        const { report } = await call("/credit-search", body, true, creditAnswer, creditError);
        return { ...report, provider: target.id, searchType: "soft" };
      },
    },
    identity: {
      name: target.id,
      async verifyUser(subject, deviceSessionId) {
        const answer = await call(
          "/identity/verify",
          { subject: identityBody(subject), device_session_id: deviceSessionId },
          true,
          verifyAnswer,
          identityError,
        );
        return { decision: answer.decision, verificationId: answer.verification_id, message: answer.message };
      },
      async sendCode(verificationId) {
        // Not retried: a second attempt could text a second code.
        await call("/identity/otp/send", { verification_id: verificationId }, false, sentAnswer, identityError);
      },
      async checkCode(verificationId, code) {
        // Not retried: the provider counts attempts.
        const answer = await call("/identity/otp/check", { verification_id: verificationId, code }, false, otpCheckAnswer, identityError);
        return answer.valid;
      },
    },
    kba: {
      name: target.id,
      async questions(subject, claimRequestId): Promise<KbaQuestion[]> {
        const answer = await call(
          "/kba/questions",
          { subject: identityBody(subject), reference: claimRequestId },
          true,
          kbaQuestionsAnswer,
          identityError,
        );
        return answer.questions;
      },
      async check(subject, claimRequestId, answers) {
        const answer = await call(
          "/kba/answers",
          { subject: identityBody(subject), reference: claimRequestId, answers },
          false,
          kbaAnswersAnswer,
          identityError,
        );
        return answer.status;
      },
    },
  };
}
