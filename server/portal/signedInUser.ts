/** The signed-in user of a portal request, or a 401. */
import type { Response } from "express";
import { identityOf } from "../auth/requestContext";
import { HttpError } from "../http/errors";
import type { UserRow } from "../store/users";
import { NOT_SIGNED_IN } from "../routes/auth";

export function signedInUser(res: Response): UserRow {
  const { user } = identityOf(res);
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  return user;
}
