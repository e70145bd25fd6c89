/**
 * A block's props with its defaulted copy (schema/blockCopy.ts) as plain strings. The server lays the shared defaults
 * (content/site.json `blockCopy`) under every funnel, so each is set; a blank stands in only if a page came without.
 */
import { BLOCK_COPY_KEYS, type BlockCopyType } from "../../schema/blockCopy";

type DefaultedCopy<T extends BlockCopyType> = Record<(typeof BLOCK_COPY_KEYS)[T][number], string>;

export function withDefaultedCopy<T extends BlockCopyType, P extends object>(
  type: T,
  props: P,
): Omit<P, keyof DefaultedCopy<T>> & DefaultedCopy<T> {
  const copy = Object.fromEntries(BLOCK_COPY_KEYS[type].map((key) => [key, (props as Record<string, unknown>)[key] ?? ""]));
  return { ...props, ...copy } as Omit<P, keyof DefaultedCopy<T>> & DefaultedCopy<T>;
}
