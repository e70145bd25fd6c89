import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A ref that holds the value of the last committed render, for callbacks and
 * effects that must see the newest value without re-running when it changes.
 * Updated in a layout effect, not during render, so an abandoned render never leaks into it.
 */
export function useLatestRef<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
