/**
 * Lender picker: agreements the credit check found, the lenders chosen so far
 * as removable chips, and a search over the company's lenders. Holds
 * [{id, name}] in its field, up to props.max.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";
import { filterLenders, readChosen, type Lender } from "./filterLenders";
import { FoundAgreements } from "./FoundAgreements";
import { agreementRefs, creditCheckAgreements } from "./foundClaims";
import { useLenders } from "./useLenders";
import { withDefaultedCopy } from "../defaultedCopy";
import { siteText } from "../../siteText";
import { fillPlaceholders } from "../../../engine/copy";
import "./lenderPicker.css";

/** Its copy's defaults come with the funnel (content/site.json `blockCopy`); these are its settings'. */
const DEFAULTS = {
  placeholder: "",
  limitBanner: "",
  limitMessageMs: 3000,
};

type PendingFocus = { list: "results" | "chips"; index: number } | null;

type PickerWords = ReturnType<typeof withDefaultedCopy<"lenderPicker", object>>;

function countText(count: number, query: string, words: PickerWords): string {
  const q = query.trim();
  if (count === 0) return fillPlaceholders(words.noMatchText, { query: q });
  const text = q ? (count === 1 ? words.countOneMatching : words.countManyMatching) : count === 1 ? words.countOne : words.countMany;
  return fillPlaceholders(text, { count, query: q });
}

export function LenderPickerBlock({ block, runtime }: BlockComponentProps<"lenderPicker">) {
  const props = withDefaultedCopy("lenderPicker", { ...DEFAULTS, ...block.props });
  const binding = useFieldBinding(runtime, props.field);
  const chosen = readChosen(binding.value);
  const found = creditCheckAgreements(runtime.getData().claims, {
    unknownLender: props.unknownLender,
    unknownDate: siteText("common").unknownDate,
  });
  const { state, retry } = useLenders(runtime, props);
  const columns = { lender: props.lenderColumn, startDate: props.startDateColumn };
  const [query, setQuery] = useState("");
  const [limitShown, setLimitShown] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // With addOtherLabel the search opens on request (v4: "Add other agreements"); a pick already made keeps it open.
  const [searchOpen, setSearchOpen] = useState(() => !props.addOtherLabel || chosen.length > 0);
  const [focusSearch, setFocusSearch] = useState(false);
  const limitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingFocus = useRef<PendingFocus>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const resultsRef = useRef<HTMLUListElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const ids = { search: binding.id, results: `${id}-results`, count: `${id}-count`, chosen: `${id}-chosen` };

  useEffect(() => () => clearTimeout(limitTimer.current), []);

  useEffect(() => {
    if (searchOpen && focusSearch) inputRef.current?.focus();
  }, [searchOpen, focusSearch]);

  // After an add or a remove the pressed button is gone: move focus to its neighbour, else the search box.
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const list = pending.list === "results" ? resultsRef.current : chipsRef.current;
    const buttons = Array.from(list?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    (buttons[Math.min(pending.index, buttons.length - 1)] ?? inputRef.current)?.focus();
  });

  const max = props.max;
  const atMax = chosen.length >= max;
  const results = state.status === "ready" ? filterLenders(state.lenders, query, [...chosen, ...agreementRefs(found)]) : [];

  const save = (next: Lender[]) => binding.onChange(next);

  const showLimit = () => {
    setLimitShown(true);
    clearTimeout(limitTimer.current);
    limitTimer.current = setTimeout(() => setLimitShown(false), props.limitMessageMs);
  };

  const add = (lender: Lender, index: number) => {
    if (runtime.busy) return;
    if (chosen.length >= max) return showLimit();
    save([...chosen, lender]);
    setAnnouncement(`${lender.name} added. ${chosen.length + 1} of ${max} selected.`);
    pendingFocus.current = { list: "results", index };
  };

  const remove = (lender: Lender, index: number) => {
    if (runtime.busy) return;
    save(chosen.filter((l) => l.id !== lender.id));
    setAnnouncement(`${lender.name} removed. ${chosen.length - 1} of ${max} selected.`);
    pendingFocus.current = { list: "chips", index };
  };

  const resultButtons = () => Array.from(resultsRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && results.length) {
      event.preventDefault();
      resultButtons()[0]?.focus();
    } else if (event.key === "Enter" && query.trim()) {
      // Enter searches rather than submitting the step; with one match it adds it.
      event.preventDefault();
      if (results.length === 1) add(results[0], 0);
    }
  };

  const onResultKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const target = index + step;
    if (target < 0) inputRef.current?.focus();
    else resultButtons()[Math.min(target, results.length - 1)]?.focus();
  };

  return (
    <div className="lenderPicker">
      {props.foundIntro ? (
        <FoundAgreements
          heading={runtime.fill(props.foundHeading)}
          intro={runtime.fill(props.foundIntro)}
          items={found}
          columns={columns}
        />
      ) : (
        found.length > 0 && <FoundAgreements heading={runtime.fill(props.foundHeading)} items={found} columns={columns} />
      )}

      {!searchOpen && props.addOtherLabel && (
        <button
          type="button"
          className="button button--secondary lenderPicker__addOther"
          aria-expanded={false}
          onClick={() => {
            setSearchOpen(true);
            setFocusSearch(true);
          }}
        >
          <span aria-hidden="true">+ </span>
          {runtime.fill(props.addOtherLabel)}
        </button>
      )}
      {searchOpen && (
        <>
          <section className="lenderPicker__chosen" aria-labelledby={ids.chosen}>
            <h2 id={ids.chosen} className="lenderPicker__heading">
              {binding.label}{" "}
              <span className="lenderPicker__tally">{fillPlaceholders(props.tallyText, { count: chosen.length, max })}</span>
            </h2>
            {chosen.length === 0 ? (
              <p className="lenderPicker__empty">{props.emptyText}</p>
            ) : (
              <ul className="lenderPicker__chips" ref={chipsRef}>
                {chosen.map((lender, index) => (
                  <li key={lender.id} className="lenderPicker__chip">
                    <span className="lenderPicker__chipName">{lender.name}</span>
                    <button
                      type="button"
                      className="lenderPicker__chipRemove"
                      aria-label={fillPlaceholders(props.removeLabel, { lenderName: lender.name })}
                      disabled={runtime.busy}
                      onClick={() => remove(lender, index)}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="lenderPicker__alert" role="alert">
            {limitShown && <p className="panel panel--error lenderPicker__limit">{props.limitMessage}</p>}
          </div>
          {atMax && props.limitBanner && (
            <div className="lenderPicker__banner" role="status">
              <span className="lenderPicker__bannerIcon" aria-hidden="true">
                i
              </span>
              {props.limitBanner}
            </div>
          )}

          <div className={`field lenderPicker__search${binding.error ? " field--error" : ""}`}>
            <label className="field__label" htmlFor={ids.search}>
              {runtime.fill(props.label)}
            </label>
            {binding.error && (
              <p id={`${binding.id}-error`} className="field__error">
                <span className="visually-hidden">{siteText("common").errorPrefix}</span>
                {binding.error}
              </p>
            )}
            <input
              ref={inputRef}
              id={ids.search}
              className="input lenderPicker__input"
              type="search"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder={props.placeholder ? runtime.fill(props.placeholder) : undefined}
              // The list it controls is only there once the lenders have loaded; an id naming nothing is invalid ARIA.
              aria-controls={state.status === "ready" ? ids.results : undefined}
              aria-describedby={
                [binding.error ? `${binding.id}-error` : "", state.status === "ready" ? ids.count : ""].filter(Boolean).join(" ") ||
                undefined
              }
              readOnly={runtime.busy}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onSearchKey}
            />
          </div>

          {state.status === "loading" && (
            <p className="lenderPicker__loading" role="status">
              <span className="spinner lenderPicker__spinner" aria-hidden="true" />
              {props.loadingText}
            </p>
          )}
          {state.status === "error" && (
            <div className="panel panel--error lenderPicker__loadError" role="alert">
              <p>{state.message}</p>
              {state.canRetry && (
                <button type="button" className="button button--secondary" onClick={() => void retry()}>
                  {props.retryLabel}
                </button>
              )}
            </div>
          )}
          {state.status === "ready" && (
            <>
              <p id={ids.count} className="lenderPicker__count" aria-live="polite">
                {countText(results.length, query, props)}
              </p>
              <ul id={ids.results} ref={resultsRef} className="lenderPicker__results" aria-label={props.resultsLabel}>
                {results.map((lender, index) => (
                  <li key={lender.id}>
                    <button
                      type="button"
                      className="lenderPicker__result"
                      disabled={runtime.busy}
                      aria-disabled={atMax || undefined}
                      aria-label={fillPlaceholders(props.addLabel, { lenderName: lender.name })}
                      onClick={() => add(lender, index)}
                      onKeyDown={(e) => onResultKey(e, index)}
                    >
                      <span className="lenderPicker__plus" aria-hidden="true">
                        +
                      </span>
                      {lender.name}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}

      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
