/**
 * Signature capture: draw with a finger, pen or mouse, or type your name
 * instead (the keyboard and screen-reader route). The field holds a PNG data
 * URL, "typed:<name>", or "" when unsigned.
 */
import { useEffect, useRef, useState } from "react";
import { describedBy, FieldShell } from "../../components/FieldShell";
import { useFieldBinding } from "../../runtime/useFieldBinding";
import type { BlockComponentProps } from "../../runtime/runtime";
import { SignatureCanvas } from "./SignatureCanvas";
import { withDefaultedCopy } from "../defaultedCopy";
import { fillPlaceholders } from "../../../engine/copy";
import { parseSignature, typedValue } from "./signatureValue";
import "./signature.css";

export function SignatureBlock({ block, runtime }: BlockComponentProps<"signature">) {
  // Its copy's defaults come with the funnel (content/site.json `blockCopy`).
  const props = withDefaultedCopy("signature", block.props);
  const binding = useFieldBinding(runtime, props.field);
  const value = typeof binding.value === "string" ? binding.value : "";
  const current = parseSignature(value);
  const [mode, setMode] = useState<"draw" | "type">(current.kind === "typed" ? "type" : "draw");
  const [typedName, setTypedName] = useState(current.kind === "typed" ? current.name : "");
  const lastDrawing = useRef(current.kind === "drawn" ? current.dataUrl : "");
  const [announcement, setAnnouncement] = useState("");
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const typedRef = useRef<HTMLInputElement | null>(null);
  const focusAfterSwitch = useRef(false);
  // The value this block last stored: another one came from outside.
  const ownValue = useRef(value);
  // A signature cleared from outside (the server asks for a new one on this very step) leaves no drawing to restore.
  useEffect(() => {
    if (value === ownValue.current) return;
    ownValue.current = value;
    if (value === "") lastDrawing.current = "";
  }, [value]);
  // Nor a typed name: typed here, an empty value means the name is blank, so one still held was cleared from outside.
  const shownName = mode === "type" && value === "" ? "" : typedName;

  useEffect(() => {
    if (!focusAfterSwitch.current) return;
    focusAfterSwitch.current = false;
    if (mode === "type") typedRef.current?.focus();
  }, [mode]);

  /** Stores a value; an error already shown (after an attempted Next) is re-checked so it clears once signed. */
  const store = (next: string) => {
    ownValue.current = next;
    binding.onChange(next);
    if (binding.error) void runtime.form.trigger(props.field);
  };

  const onStroke = (dataUrl: string) => {
    lastDrawing.current = dataUrl;
    if (current.kind !== "drawn") setAnnouncement(props.drawnAnnouncement);
    store(dataUrl);
  };

  const onClear = () => {
    lastDrawing.current = "";
    setAnnouncement(props.clearedAnnouncement);
    store("");
    canvasRef.current?.focus(); // the Clear button is now disabled; the pad says it is empty
  };

  const toType = () => {
    focusAfterSwitch.current = true;
    setMode("type");
    setAnnouncement("");
    store(typedValue(typedName));
  };

  const toDraw = () => {
    setTypedName(shownName);
    setMode("draw");
    setAnnouncement("");
    store(lastDrawing.current);
  };

  const hint = mode === "draw" ? runtime.fill(props.instructions) : undefined;
  const typedId = binding.id;

  return (
    <div className="signature">
      <FieldShell id={binding.id} label={binding.label} hint={hint} error={binding.error} asFieldset>
        {mode === "draw" ? (
          <SignatureCanvas
            id={binding.id}
            describedBy={describedBy(binding.id, hint, binding.error)}
            value={value}
            signed={current.kind === "drawn"}
            disabled={runtime.busy}
            clearLabel={props.clearLabel}
            unavailableText={fillPlaceholders(props.unavailableText, { typeInsteadLabel: props.typeInsteadLabel })}
            padLabels={{ signed: props.drawnAnnouncement, empty: props.emptyPadLabel }}
            canvasRef={(element) => {
              canvasRef.current = element;
            }}
            onStroke={onStroke}
            onClear={onClear}
          />
        ) : (
          <div className="signature__typed">
            <label className="field__label signature__typedLabel" htmlFor={typedId}>
              {props.typedLabel}
            </label>
            <input
              ref={typedRef}
              id={typedId}
              name={props.field}
              className="input signature__typedInput"
              type="text"
              autoComplete="name"
              autoCapitalize="words"
              spellCheck={false}
              aria-invalid={binding.error ? true : undefined}
              aria-describedby={describedBy(binding.id, undefined, binding.error)}
              readOnly={runtime.busy}
              value={shownName}
              onChange={(e) => {
                setTypedName(e.target.value);
                store(typedValue(e.target.value));
              }}
              onBlur={binding.onBlur}
            />
            <div className={`signature__preview${shownName.trim() ? "" : " signature__preview--empty"}`} aria-hidden="true">
              {shownName.trim() || "\u00a0"}
            </div>
          </div>
        )}
        <button
          type="button"
          className="button button--link signature__switch"
          onClick={mode === "draw" ? toType : toDraw}
          disabled={runtime.busy}
        >
          {mode === "draw" ? props.typeInsteadLabel : props.drawInsteadLabel}
        </button>
      </FieldShell>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
