/**
 * The one-time-code dialog of the submitting flow's otp-challenge state: the
 * shared OtpDialog, checking the code with POST /api/otp/verify and sending a
 * new one with POST /api/otp/resend. A verified code raises the window event
 * the machine waits for.
 */
import { useState } from "react";
import type { FunnelRuntime } from "../../runtime/runtime";
import { submittingErrors, text } from "../../hooks/shared/submittingMessages";
import { OtpDialog } from "../creditCheck/OtpDialog";
import { siteText } from "../../siteText";

export interface OneTimeCodeCopy {
  title: string;
  text: string;
  codeLabel: string;
  verifyLabel: string;
  verifyingLabel: string;
  resendLabel: string;
  resentText: string;
  /** Said when what was typed is not a 6-digit code. */
  invalidCode: string;
}

interface OtpBody {
  success?: boolean;
  attemptsRemaining?: number;
}

export function OneTimeCodeDialog({
  runtime,
  copy,
  verifiedEvent,
}: {
  runtime: FunnelRuntime;
  copy: OneTimeCodeCopy;
  verifiedEvent: string;
}) {
  const [codesSent, setCodesSent] = useState(1);
  const verificationId = text(runtime.getData().verification_id);

  const verify = async (code: string): Promise<string | null> => {
    if (!verificationId) return submittingErrors().noVerificationId;
    const result = await runtime.api.post<OtpBody>("/api/otp/verify", { verification_id: verificationId, code });
    if (result.ok && result.body.success) {
      window.dispatchEvent(new CustomEvent(verifiedEvent));
      return null;
    }
    return text(result.body.error) || submittingErrors().verificationFailed;
  };

  const resend = async (): Promise<string | null> => {
    if (!verificationId) return submittingErrors().noVerificationId;
    const result = await runtime.api.post<OtpBody>("/api/otp/resend", { verification_id: verificationId });
    if (!(result.ok && result.body.success)) return text(result.body.error) || submittingErrors().generic;
    setCodesSent((n) => n + 1);
    return null;
  };

  return (
    <OtpDialog
      copy={{
        title: copy.title,
        text: copy.text,
        label: copy.codeLabel,
        submitLabel: copy.verifyLabel,
        busyLabel: copy.verifyingLabel,
        resendLabel: copy.resendLabel,
        resentText: copy.resentText,
        invalidCode: copy.invalidCode,
        errorPrefix: siteText("common").errorPrefix,
      }}
      onSubmit={verify}
      onResend={resend}
      codeSentCount={codesSent}
    />
  );
}
