/**
 * "Test mode: no real credit search" on every page while a sandbox provider
 * can answer (the server says so in the boot data), so nobody mistakes a
 * staging or demo site for the real service. Its own landmark, first on the
 * page, so screen-reader users meet it too.
 */
import { useEffect, useRef } from "react";
import { readBoot } from "../boot";
import { useFixedBar } from "./fixedBars";

export const TEST_MODE_TEXT = "Test mode: no real credit search";

export function TestModeRibbon() {
  let on = false;
  try {
    on = readBoot().testMode === true;
  } catch {
    on = false;
  }
  // The site header is fixed to the top: the page makes room for the ribbon above it.
  useEffect(() => {
    document.documentElement.classList.toggle("test-mode", on);
  }, [on]);
  const ribbon = useRef<HTMLElement>(null);
  useFixedBar(ribbon, "top");
  if (!on) return null;
  return (
    <aside className="test-mode-ribbon" aria-label="Test mode" data-testid="test-mode-ribbon" ref={ribbon}>
      <strong>{TEST_MODE_TEXT}</strong>
      <span className="test-mode-ribbon__detail"> — sandbox providers answer with made-up data.</span>
    </aside>
  );
}
