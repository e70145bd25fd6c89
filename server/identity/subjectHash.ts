/**
 * What an identity check verified, as a keyed hash: name, date of birth and
 * address (normalised: case, spaces). A verification or KBA pass counts only
 * while the claim request still hashes to the same value, so changing the
 * details after verifying voids it. Keyed (HMAC under a key derived from the
 * data keyring) so the stored hash cannot be matched against guessed details.
 */
import { createHash, createHmac } from "node:crypto";
import type { DataKeyring } from "../crypto/dataEncryption";
import type { ClaimRequestRow } from "../store/claimRequests";

const norm = (value: unknown) =>
  String(value ?? "")
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

function keyOf(keyring: DataKeyring): Buffer {
  // The oldest key: it stays listed longest during a rotation, so hashes survive one.
  const key = keyring.keys[keyring.keys.length - 1].key;
  return createHash("sha256").update("identity-subject-hash\0").update(key).digest();
}

export function subjectHash(
  keyring: DataKeyring,
  row: Pick<ClaimRequestRow, "first_name" | "last_name" | "date_of_birth" | "address">,
): string {
  const a = row.address ?? {};
  const rawDob: unknown = row.date_of_birth;
  const dob = rawDob instanceof Date ? rawDob.toISOString().slice(0, 10) : norm(rawDob).slice(0, 10);
  const parts = [
    row.first_name,
    row.last_name,
    dob,
    a.buildingName,
    a.houseNumber,
    a.street,
    a.city,
    a.county,
    String(a.postcode ?? "").replace(/\s+/g, ""),
  ];
  return createHmac("sha256", keyOf(keyring)).update(parts.map(norm).join("\u001f")).digest("hex");
}

/** A phone number as a keyed hash (digits only, UK 0 and +44 alike), to count verifications per number. */
export function phoneHash(keyring: DataKeyring, phone: string | null | undefined): string | null {
  const digits = String(phone ?? "")
    .replace(/\D/g, "")
    .replace(/^44/, "0");
  return digits ? createHmac("sha256", keyOf(keyring)).update(`phone:${digits}`).digest("hex") : null;
}

/** Letters and digits only, accents dropped: "O'Brien-Smith" and "obrien smith" are one person. */
const bare = (value: unknown) =>
  String(value ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/**
 * The person an identity question is about, as a keyed hash of name, date of birth and postcode (normalised
 * harder than subjectHash: spelling variants of one name hash alike), to count KBA failures per person across
 * claim requests.
 */
export function personHash(
  keyring: DataKeyring,
  row: Pick<ClaimRequestRow, "first_name" | "last_name" | "date_of_birth" | "address">,
): string {
  const rawDob: unknown = row.date_of_birth;
  const dob = rawDob instanceof Date ? rawDob.toISOString().slice(0, 10) : norm(rawDob).slice(0, 10);
  const parts = [bare(row.first_name), bare(row.last_name), dob, bare(row.address?.postcode)];
  return createHmac("sha256", keyOf(keyring))
    .update(`person:${parts.join("\u001f")}`)
    .digest("hex");
}

/** A client address (IP) as a keyed hash, to count attempts per address without storing the address. */
export function clientAddressHash(keyring: DataKeyring, address: string | undefined): string | null {
  return address ? createHmac("sha256", keyOf(keyring)).update(`client:${address}`).digest("hex") : null;
}
