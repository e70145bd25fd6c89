/** The first `count` words of a heading, with an ellipsis when anything was cut. */
export function truncateWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= count) return words.join(" ");
  return `${words
    .slice(0, count)
    .join(" ")
    .replace(/[.,;:!?-]+$/, "")}…`;
}
