/** The signed-in user of a portal request, or a 401. */
import type { Response } from "express";
import { identityOf } from "../auth/requestContext";
import { HttpError } from "../http/errors";
import type { UserRow } from "../store/users";

/** What a signed-out request to a signed-in page or API is told (401). */
export const NOT_SIGNED_IN = "You need to sign in to see this page";

export function signedInUser(res: Response): UserRow {
  const { user } = identityOf(res);
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  return user;
}
