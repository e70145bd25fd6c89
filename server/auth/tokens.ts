import { createHash, randomBytes } from "node:crypto";

/** A random 32-byte token for a cookie; only its sha256 is stored. */
export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
