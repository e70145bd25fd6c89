/**
 * Identity verification before the credit search: the affiliate kind answers
 * ALLOW / CHALLENGE / BLOCK and checks one-time codes sent by SMS; the KBA kind
 * asks multiple-choice questions about the person's own details.
 */

export interface IdentitySubject {
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string; // YYYY-MM-DD
  email: string;
  phoneNumber: string | null;
  postcode: string;
}

export type IdentityDecision = "ALLOW" | "CHALLENGE" | "BLOCK";

export interface VerifyUserResult {
  decision: IdentityDecision;
  /** The provider's reference for this verification; a BLOCK may come without one. */
  verificationId: string | null;
  message: string | null;
}

/** The provider could not answer (down, refused, timed out). */
export class IdentityProviderError extends Error {
  override name = "IdentityProviderError";
}

export interface IdentityProvider {
  readonly name: string;
  verifyUser(subject: IdentitySubject, deviceSessionId: string | null): Promise<VerifyUserResult>;
  /** Sends (again) the one-time code of a CHALLENGE. */
  sendCode(verificationId: string): Promise<void>;
  /** Whether the code is the one sent for this verification. */
  checkCode(verificationId: string, code: string): Promise<boolean>;
}

export interface KbaQuestion {
  id: string;
  text: string;
  options: { id: string; label: string }[];
}

export type KbaStatus = "success" | "failure" | "manual-override";

export interface KbaProvider {
  readonly name: string;
  questions(subject: IdentitySubject, claimRequestId: string): KbaQuestion[] | Promise<KbaQuestion[]>;
  check(
    subject: IdentitySubject,
    claimRequestId: string,
    answers: { question_id: string; answer_id: string }[],
  ): KbaStatus | Promise<KbaStatus>;
}
