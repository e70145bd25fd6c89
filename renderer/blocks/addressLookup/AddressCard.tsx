import { forwardRef } from "react";
import type { AddressValues } from "../../../engine/mapRawAddress";
import { formatAddressLines } from "../../../engine/mapRawAddress";

export interface AddressCardProps {
  values: AddressValues;
  searchAgainLabel: string;
  disabled: boolean;
  onSearchAgain(): void;
}

/** The chosen address, formatted as on an envelope, with a way to search again. Takes focus after a choice. */
export const AddressCard = forwardRef<HTMLDivElement, AddressCardProps>(function AddressCard(
  { values, searchAgainLabel, disabled, onSearchAgain },
  ref,
) {
  const lines = formatAddressLines(values);
  return (
    <div className="addressLookup__card" ref={ref} tabIndex={-1}>
      <span className="addressLookup__cardIcon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
          />
        </svg>
      </span>
      <div className="addressLookup__cardBody">
        <p className="visually-hidden">Selected address:</p>
        <address className="addressLookup__cardAddress">
          {lines.map((line, index) => (
            <span key={index} className="addressLookup__cardLine">
              {line}
            </span>
          ))}
        </address>
        <button type="button" className="button button--link addressLookup__searchAgain" onClick={onSearchAgain} disabled={disabled}>
          {searchAgainLabel}
        </button>
      </div>
    </div>
  );
});
