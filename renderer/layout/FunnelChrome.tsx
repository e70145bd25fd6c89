/**
 * Chrome a definition may add around the fixed header: a thin top bar (e.g.
 * the reviews badge) and a highlighted banner under it. The header grows, so
 * the page is pushed down by its measured height.
 */
import { useEffect } from "react";
import type { TopBar as TopBarDefinition } from "../../schema/types";
import { Stars } from "../components/Stars";
import "./funnelChrome.css";

export function TopBar({ bar }: { bar: TopBarDefinition }) {
  return (
    <div className="top-bar">
      <p className="top-bar__inner">
        {bar.label && <strong className="top-bar__label">{bar.label}</strong>}
        {bar.rating !== undefined && <Stars rating={bar.rating} className="top-bar__stars" />}
        <span className="top-bar__text">{bar.text}</span>
      </p>
    </div>
  );
}

export function FunnelBanner({ text }: { text: string }) {
  return (
    <div className="funnel-banner">
      <p className="funnel-banner__text">{text}</p>
    </div>
  );
}

/** Keeps --fixed-header-height on the document in step with the fixed header's real height. */
export function useFixedHeaderHeight(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const header = document.querySelector<HTMLElement>(".site-header");
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty("--fixed-header-height", `${header.offsetHeight}px`);
    update();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--fixed-header-height");
    };
  }, [active]);
}
