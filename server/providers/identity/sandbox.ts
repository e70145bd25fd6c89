/**
 * The sandbox identity provider (affiliate kind), persona by surname, any case:
 *
 *  Challenge  → CHALLENGE with a verification id; the one-time code is 123456
 *  Block      → BLOCK with a verification id (the credit search still runs)
 *  Blocknoid  → BLOCK without a verification id
 *  Allownoid  → ALLOW without a verification id
 *  Verifyfail → the provider fails (IdentityProviderError)
 *  anyone else → ALLOW with a verification id
 */
import { randomUUID } from "node:crypto";
import { IdentityProviderError, type IdentityProvider, type VerifyUserResult } from "./types";

export const SANDBOX_ONE_TIME_CODE = "123456";

export function createSandboxIdentityProvider(): IdentityProvider {
  return {
    name: "sandbox",
    async verifyUser(subject): Promise<VerifyUserResult> {
      switch (subject.lastName.trim().toLowerCase()) {
        case "challenge":
          return {
            decision: "CHALLENGE",
            verificationId: randomUUID(),
            message: "We need to confirm it's you: a code has been sent by text message.",
          };
        case "block":
          return { decision: "BLOCK", verificationId: randomUUID(), message: "Identity could not be fully confirmed" };
        case "blocknoid":
          return { decision: "BLOCK", verificationId: null, message: "Identity could not be confirmed" };
        case "allownoid":
          return { decision: "ALLOW", verificationId: null, message: null };
        case "verifyfail":
          throw new IdentityProviderError("The sandbox identity provider is failing on purpose (surname Verifyfail)");
        default:
          return { decision: "ALLOW", verificationId: randomUUID(), message: null };
      }
    },
    async sendCode() {
      // A real provider texts the code; the sandbox's is always 123456.
    },
    async checkCode(_verificationId, code) {
      return code === SANDBOX_ONE_TIME_CODE;
    },
  };
}
