/** Line icons for benefit cards (24px grid, drawn with currentColor). Decorative: the card's title says it all. */
import type { BlockProps } from "../../../schema/types";

export type BenefitIcon = NonNullable<BlockProps<"benefitCards">["cards"][number]["icon"]>;

const PATHS: Record<BenefitIcon, string> = {
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3.5 2",
  search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zm4.7 11.2L20 20",
  people: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9a3 3 0 1 0 0-6m2 15c0-2.6-1.3-4.7-3.2-5.6",
  scales: "M12 4v16m-7 0h14M5 7h14M5 7l-3 6a3 3 0 0 0 6 0L5 7zm14 0-3 6a3 3 0 0 0 6 0l-3-6z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4m8-4v4m-7 7 2 2 4-4",
  shield: "M12 3 4 6v6c0 4.4 3.4 8.2 8 9 4.6-.8 8-4.6 8-9V6l-8-3zm-3.5 9 2.5 2.5 4.5-5",
  document: "M6 3h8l4 4v14H6zM14 3v4h4M9 12h6m-6 4h6",
  pound: "M16 6.5A4 4 0 0 0 9 9v9M6 13h7M6 18h12",
};

export function BenefitIconSvg({ icon }: { icon: BenefitIcon }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
