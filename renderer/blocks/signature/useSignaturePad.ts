/**
 * Runs signature_pad on a canvas: sized to its container (at most 700 css px,
 * at most 2x device pixels), redrawn from the stored value when it resizes,
 * reporting a PNG data URL after each stroke. Where the canvas has no 2D
 * context (old browsers, jsdom) the pad stays off and `available` is false.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useLatestRef } from "../../runtime/useLatestRef";
import SignaturePad from "signature_pad";
import { canvasSize, MAX_DATA_URL_CHARS, parseSignature, type CanvasSize } from "./signatureValue";

export interface SignaturePadOptions {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  wrapperRef: RefObject<HTMLElement | null>;
  value: string;
  disabled: boolean;
  onStroke(dataUrl: string): void;
}

const INK = "#0b0c0c";

/** The pad as a PNG data URL, re-encoded smaller (1x, then 0.5x) when a busy signature would be too large to store. */
function exportPng(pad: SignaturePad, canvas: HTMLCanvasElement, size: CanvasSize): string {
  let url = pad.toDataURL("image/png");
  for (const scale of [1, 0.5]) {
    if (url.length <= MAX_DATA_URL_CHARS) break;
    if (scale >= size.ratio) continue; // the pad is already drawn at this scale
    const small = document.createElement("canvas");
    small.width = Math.round(size.cssWidth * scale);
    small.height = Math.round(size.cssHeight * scale);
    const ctx = small.getContext("2d");
    if (!ctx) break;
    ctx.drawImage(canvas, 0, 0, small.width, small.height);
    url = small.toDataURL("image/png");
  }
  return url;
}

export function useSignaturePad({ canvasRef, wrapperRef, value, disabled, onStroke }: SignaturePadOptions) {
  const [available, setAvailable] = useState(true);
  const padRef = useRef<SignaturePad | null>(null);
  const valueRef = useLatestRef(value);
  const onStrokeRef = useLatestRef(onStroke);

  useEffect(() => {
    const canvas = canvasRef.current;
    const wrapper = wrapperRef.current;
    if (!canvas || !wrapper) return;
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = typeof canvas.getContext === "function" ? canvas.getContext("2d") : null;
    } catch {
      ctx = null;
    }
    if (!ctx) {
      setAvailable(false);
      return;
    }
    const context = ctx;
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    let size = canvasSize(wrapper.clientWidth, window.devicePixelRatio);
    let drawnKey = "";

    const resize = () => {
      size = canvasSize(wrapper.clientWidth, window.devicePixelRatio);
      const key = `${size.pixelWidth}x${size.pixelHeight}`;
      if (key === drawnKey) return; // mobile browsers fire resizes on scroll; keep the drawing
      drawnKey = key;
      canvas.width = size.pixelWidth;
      canvas.height = size.pixelHeight;
      canvas.style.width = `${size.cssWidth}px`;
      canvas.style.height = `${size.cssHeight}px`;
      context.scale(size.ratio, size.ratio);
      pad.clear();
      const stored = parseSignature(valueRef.current);
      if (stored.kind === "drawn") {
        pad.fromDataURL(stored.dataUrl, { ratio: size.ratio, width: size.cssWidth, height: size.cssHeight }).catch(() => undefined);
      }
    };
    const onEnd = () => onStrokeRef.current(exportPng(pad, canvas, size));

    pad.addEventListener("endStroke", onEnd);
    resize();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(resize) : null;
    if (observer) observer.observe(wrapper);
    else window.addEventListener("resize", resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", resize);
      pad.removeEventListener("endStroke", onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [canvasRef, wrapperRef, valueRef, onStrokeRef]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled, available]);

  // A value cleared from outside (the server asks for a new signature) clears the drawing shown.
  useEffect(() => {
    if (value === "") padRef.current?.clear();
  }, [value]);

  const clear = useCallback(() => padRef.current?.clear(), []);

  return { available, clear };
}
