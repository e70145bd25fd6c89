/** Fills {placeholder} tokens in copy. Unknown tokens stay visible so a mistake is noticed, and lint catches them first. */
export function fillPlaceholders(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

export function formatPounds(amount: number): string {
  return `£${Math.round(amount).toLocaleString("en-GB")}`;
}
