/**
 * Address lookup: search as you type, a chosen address shown as a card, or
 * manual entry of the six address fields. Writes them under props.fieldGroup
 * (default 'address': address.postcode…), as its contract in schema/contracts.ts says.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { applyTransforms } from "../../../engine/transforms";
import type { BlockComponentProps } from "../../runtime/runtime";
import { AddressCard } from "./AddressCard";
import { AddressSearch } from "./AddressSearch";
import { ManualAddress } from "./ManualAddress";
import { PATH_DEFAULTS } from "../../../schema/contracts";
import {
  ADDRESS_KEYS,
  addressPath,
  addressPathsIn,
  hasChosenAddress,
  readAddress,
  type AddressValues,
} from "../../../engine/mapRawAddress";
import "./addressLookup.css";
import { withDefaultedCopy } from "../defaultedCopy";

type Mode = "search" | "chosen" | "manual";

/** Its copy's defaults come with the funnel (content/site.json `blockCopy`); these are its settings'. */
const DEFAULTS = {
  placeholder: "",
  minSearchLength: 3,
  debounceMs: 1000,
};

export function AddressLookupBlock({ block, runtime }: BlockComponentProps<"addressLookup">) {
  const props = withDefaultedCopy("addressLookup", { ...DEFAULTS, ...block.props });
  const group = block.props.fieldGroup ?? PATH_DEFAULTS.addressGroup;
  const addressFieldPaths = useMemo(() => addressPathsIn(group), [group]);
  const [mode, setMode] = useState<Mode>(() => (hasChosenAddress(readAddress(runtime.getData(), group)) ? "chosen" : "search"));
  const [focusTarget, setFocusTarget] = useState<"card" | "search" | "manual" | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Read as the runner renders: it draws the step again whenever a field's error changes.
  const hasFieldError = addressFieldPaths.some((path) => Boolean(runtime.form.getFieldState(path).error));

  // A chosen address the rules reject (e.g. after an attempted Next) is shown as fields so it can be corrected.
  if (hasFieldError && mode === "chosen") setMode("manual");

  useEffect(() => {
    if (focusTarget === "card") cardRef.current?.focus();
    if (focusTarget === "search") searchRef.current?.focus();
  }, [focusTarget, mode]);

  const write = (values: AddressValues) => {
    for (const key of ADDRESS_KEYS) {
      const path = addressPath(key, group);
      runtime.setValue(path, applyTransforms(values[key], runtime.funnel.fields[path]?.transforms));
    }
  };

  const onChosen = (values: AddressValues) => {
    write(values);
    setMode("chosen");
    setFocusTarget("card");
  };

  const searchAgain = () => {
    write({ buildingName: "", houseNumber: "", street: "", city: "", county: "", postcode: "" });
    runtime.form.clearErrors(addressFieldPaths);
    setMode("search");
    setFocusTarget("search");
  };

  const manual = () => {
    setMode("manual");
    setFocusTarget("manual");
  };

  return (
    <div className={`addressLookup addressLookup--${mode}`}>
      {mode === "search" && (
        <AddressSearch
          runtime={runtime}
          label={runtime.fill(props.label)}
          placeholder={props.placeholder ? runtime.fill(props.placeholder) : undefined}
          manualEntryLabel={props.manualEntryLabel}
          noResultsText={props.noResultsText}
          searchingText={props.searchingText}
          resultsText={{ one: props.resultsOne, many: props.resultsMany }}
          searchErrorMessage={props.searchErrorMessage}
          retrieveErrorMessage={props.retrieveErrorMessage}
          minSearchLength={props.minSearchLength}
          debounceMs={props.debounceMs}
          inputRef={searchRef}
          onChosen={onChosen}
          onManual={manual}
        />
      )}
      {mode === "chosen" && (
        <AddressCard
          ref={cardRef}
          values={readAddress(runtime.getData(), group)}
          searchAgainLabel={props.searchAgainLabel}
          selectedLabel={props.selectedLabel}
          disabled={runtime.busy}
          onSearchAgain={searchAgain}
        />
      )}
      {mode === "manual" && (
        <>
          <ManualAddress runtime={runtime} group={group} focusFirst={focusTarget === "manual"} />
          <button type="button" className="button button--link addressLookup__searchAgain" onClick={searchAgain} disabled={runtime.busy}>
            {props.searchAgainLabel}
          </button>
        </>
      )}
    </div>
  );
}
