/** The drawing surface: a canvas (role img, its label says whether it holds a signature) and the Clear button. */
import { useRef } from "react";
import { useSignaturePad } from "./useSignaturePad";

export interface SignatureCanvasProps {
  id: string;
  describedBy?: string;
  value: string;
  signed: boolean;
  /** The canvas's accessible name with a signature on it, and without. */
  padLabels: { signed: string; empty: string };
  disabled: boolean;
  clearLabel: string;
  /** Shown where the browser cannot draw on a canvas. */
  unavailableText: string;
  canvasRef: (element: HTMLCanvasElement | null) => void;
  onStroke(dataUrl: string): void;
  onClear(): void;
}

export function SignatureCanvas(props: SignatureCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const wrapperRef = useRef<HTMLDivElement | null>(null);
  const pad = useSignaturePad({ canvasRef, wrapperRef, value: props.value, disabled: props.disabled, onStroke: props.onStroke });

  const clear = () => {
    pad.clear();
    props.onClear();
  };

  return (
    <div className="signature__drawArea">
      <div ref={wrapperRef} className={`signature__pad${props.signed ? " signature__pad--signed" : ""}`}>
        <canvas
          ref={(element) => {
            canvasRef.current = element;
            props.canvasRef(element);
          }}
          id={props.id}
          className="signature__canvas"
          role="img"
          tabIndex={-1}
          aria-label={props.signed ? props.padLabels.signed : props.padLabels.empty}
          aria-describedby={props.describedBy}
        />
        <span className="signature__baseline" aria-hidden="true">
          <span className="signature__cross">×</span>
        </span>
      </div>
      {!pad.available && <p className="signature__unavailable">{props.unavailableText}</p>}
      <button
        type="button"
        className="button button--secondary signature__clear"
        onClick={clear}
        disabled={props.disabled || !props.signed}
      >
        {props.clearLabel}
      </button>
    </div>
  );
}
