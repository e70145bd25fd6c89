/** Mails an email-verification link for a request's brand and origin; a failure is only logged (the caller answers anyway). */
import type { Request } from "express";
import { brandForRequest } from "../brands";
import type { AppContext } from "../context";
import { publicOrigin } from "../publicOrigin";
import type { UserRow } from "../store/users";
import { issueEmailVerification } from "../auth/emailVerification";
import { consumerLanguage, mailWording } from "../language/consumerLanguage";
import { visitLanguage } from "../language/visitLanguage";

export async function mailEmailVerification(
  ctx: AppContext,
  req: Request,
  user: Pick<UserRow, "id" | "email"> & Partial<Pick<UserRow, "language">>,
  redirect?: string,
): Promise<void> {
  const brand = brandForRequest(ctx.brands, req, ctx.production);
  try {
    await issueEmailVerification(ctx, {
      userId: user.id,
      email: user.email,
      brandName: brand.brandName,
      wording: mailWording(ctx, consumerLanguage(ctx, brand, visitLanguage(req, ctx.cookies), user.language)),
      origin: publicOrigin(req, brand, ctx.production),
      redirect,
    });
  } catch (error) {
    (req.log ?? ctx.logger).error({ err: error }, "email verification mail failed");
  }
}
