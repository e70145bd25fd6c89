/**
 * The emailCode view of the submitting flow: the code mailed to the claim's email, which proves the visitor reads
 * it before account creation says anything about an existing account. The shared OtpDialog, checking the code with
 * POST /api/account/email-code/verify; a right code sends the machine "verified", a new code "resend". All its
 * words come from the block's definition.
 */
import type { FunnelRuntime } from "../../runtime/runtime";
import { submittingErrors, text } from "../../hooks/shared/submittingMessages";
import { OtpDialog } from "../creditCheck/OtpDialog";
import { siteText } from "../../siteText";

export interface EmailCodeCopy {
  title: string;
  text: string;
  codeLabel: string;
  submitLabel: string;
  busyLabel: string;
  resendLabel: string;
  resentText: string;
  invalidCode: string;
}

export function EmailCodeDialog({
  runtime,
  copy,
  codesSent,
  send,
}: {
  runtime: FunnelRuntime;
  copy: EmailCodeCopy;
  /** How many codes were mailed so far (a new one clears the box and says so). */
  codesSent: number;
  /** Gives the machine's waiting state an event. */
  send(event: "verified" | "resend"): boolean;
}) {
  const claimId = text(runtime.getData().claim_request_id);

  const verify = async (code: string): Promise<string | null> => {
    if (!claimId) return submittingErrors().noClaimRequest;
    const result = await runtime.api.post<{ verified?: boolean; error?: string }>("/api/account/email-code/verify", {
      claim_request_id: claimId,
      code,
    });
    if (result.ok && result.body.verified) {
      send("verified");
      return null;
    }
    return text(result.body?.error) || submittingErrors().generic;
  };

  return (
    <OtpDialog
      copy={{
        title: runtime.fill(copy.title),
        text: runtime.fill(copy.text),
        label: copy.codeLabel,
        submitLabel: copy.submitLabel,
        busyLabel: copy.busyLabel,
        resendLabel: copy.resendLabel,
        resentText: copy.resentText,
        invalidCode: copy.invalidCode,
        errorPrefix: siteText("common").errorPrefix,
      }}
      onSubmit={verify}
      onResend={() => void send("resend")}
      codeSentCount={codesSent}
    />
  );
}
