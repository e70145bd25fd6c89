/**
 * The address search: a combobox (WAI-ARIA 1.2 pattern, focus stays in the
 * input, aria-activedescendant marks the highlighted option) whose results
 * list sits in the page flow, so it also works by touch and with swipe
 * navigation. Choosing a result retrieves the full address.
 */
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { FunnelRuntime } from "../../runtime/runtime";
import { isSearchable, readRetrieveResult, type AddressOption, type RetrieveBody } from "./addressResponses";
import type { AddressValues } from "../../../engine/mapRawAddress";
import { useAddressSearch } from "./useAddressSearch";

export interface AddressSearchProps {
  runtime: FunnelRuntime;
  label: string;
  placeholder?: string;
  manualEntryLabel: string;
  noResultsText: string;
  searchErrorMessage: string;
  retrieveErrorMessage: string;
  minSearchLength: number;
  debounceMs: number;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onChosen(values: AddressValues): void;
  onManual(): void;
}

function countMessage(count: number): string {
  const noun = count === 1 ? "address" : "addresses";
  return `${count} ${noun} found. Use the up and down arrow keys to choose, then press Enter.`;
}

export function AddressSearch(props: AddressSearchProps) {
  const { runtime, minSearchLength, debounceMs, inputRef } = props;
  const id = useId();
  const inputId = `${id}-search`;
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const [retrieving, setRetrieving] = useState<string | null>(null);
  const [retrieveFailed, setRetrieveFailed] = useState(false);
  const search = useAddressSearch(runtime, query, minSearchLength, debounceMs);
  const chooseSeq = useRef(0);

  const options = search.options;
  const open = options.length > 0 && !dismissed;
  const searchFailed = search.status === "error";
  const noResults = search.status === "done" && options.length === 0;
  const busy = runtime.busy || retrieving !== null;

  // The spinner is decorative; screen-reader users hear the search start through the live region instead.
  const searching = search.status === "searching" && isSearchable(query, minSearchLength);
  const announcement = searchFailed
    ? ""
    : noResults
      ? props.noResultsText
      : search.status === "done"
        ? countMessage(options.length)
        : searching
          ? "Searching for addresses…"
          : "";

  const onInput = (value: string) => {
    setQuery(value);
    setActive(-1);
    setDismissed(false);
    setRetrieveFailed(false);
  };

  const choose = async (option: AddressOption) => {
    if (busy) return;
    const seq = ++chooseSeq.current;
    setRetrieving(option.id);
    setRetrieveFailed(false);
    let values: AddressValues | null = null;
    try {
      values = readRetrieveResult(
        await runtime.api.post<RetrieveBody>("/api/address/retrieve", { id: option.id, applicationName: runtime.brand.brandName }),
      );
    } catch {
      values = null;
    }
    if (seq !== chooseSeq.current) return;
    setRetrieving(null);
    if (!values) {
      setRetrieveFailed(true);
      return;
    }
    props.onChosen(values);
  };

  const move = (delta: number) => {
    const count = options.length;
    if (!count) return;
    const next = !open ? (delta > 0 ? 0 : count - 1) : (active + delta + count) % count;
    setDismissed(false);
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: "nearest" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        move(-1);
        break;
      case "Enter":
        // Never submit the step from the search box; Enter picks the highlighted address.
        event.preventDefault();
        if (open && active >= 0) void choose(options[active]);
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setDismissed(true);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          onInput("");
        }
        break;
    }
  };

  return (
    <div className="addressLookup__search">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {props.label}
        </label>
        <div className="addressLookup__inputWrap">
          <input
            ref={inputRef}
            id={inputId}
            className="input addressLookup__input"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={props.placeholder}
            value={query}
            readOnly={runtime.busy}
            onChange={(e) => onInput(e.target.value)}
            onKeyDown={onKeyDown}
          />
          {(search.status === "searching" || search.status === "waiting") && isSearchable(query, minSearchLength) && (
            <span className="spinner addressLookup__inputSpinner" aria-hidden="true" />
          )}
        </div>
      </div>

      <ul
        id={listId}
        role="listbox"
        aria-label={props.label}
        className="addressLookup__results"
        hidden={!open}
        aria-busy={retrieving !== null || undefined}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            aria-disabled={busy || undefined}
            className={`addressLookup__option${index === active ? " addressLookup__option--active" : ""}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void choose(option)}
          >
            <span className="addressLookup__optionLabel">{option.label}</span>
            {retrieving === option.id && <span className="spinner addressLookup__optionSpinner" aria-hidden="true" />}
          </li>
        ))}
      </ul>

      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>

      {noResults && <p className="addressLookup__noResults">{props.noResultsText}</p>}

      {(searchFailed || retrieveFailed) && (
        <div className="panel panel--error addressLookup__error" role="alert">
          <p className="addressLookup__errorText">{searchFailed ? props.searchErrorMessage : props.retrieveErrorMessage}</p>
          <button type="button" className="button button--secondary" onClick={props.onManual} disabled={runtime.busy}>
            {props.manualEntryLabel}
          </button>
        </div>
      )}

      {!searchFailed && !retrieveFailed && (
        <button type="button" className="button button--link addressLookup__manualLink" onClick={props.onManual} disabled={runtime.busy}>
          {props.manualEntryLabel}
        </button>
      )}
    </div>
  );
}
