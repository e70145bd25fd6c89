/**
 * Chrome a definition may add around the header: a thin top bar (e.g.
 * the reviews badge) and a highlighted banner under it. The header grows, so
 * it stays in the page's flow (funnelChrome.css). Loaded only for a step that
 * shows them (lazyFunnelChrome.tsx), with their stylesheet.
 */
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

/** What the runner loads lazily (lazyFunnelChrome.tsx): the top bar or the banner, whichever it is given. */
export default function FunnelChrome(props: { bar: TopBarDefinition } | { text: string }) {
  return "bar" in props ? <TopBar bar={props.bar} /> : <FunnelBanner text={props.text} />;
}
