/**
 * Customer testimonials. Under the narrow width they are a carousel (WAI-ARIA
 * carousel pattern): one slide at a time, rotating every intervalMs, with
 * previous / pause / next controls; rotation stops while the carousel has
 * focus or the pointer, when the user pauses it, and from the start for users
 * who prefer reduced motion. Wider, they are a two-column grid. Headings are
 * cut to headingWords words.
 */
import { useEffect, useId, useState } from "react";
import { Stars } from "../../components/Stars";
import type { BlockComponentProps } from "../../runtime/runtime";
import { truncateWords } from "./truncateWords";
import { useMediaQuery } from "./useMediaQuery";
import "./testimonials.css";
import { withDefaultedCopy } from "../defaultedCopy";
import { fillPlaceholders } from "../../../engine/copy";

const DEFAULTS = {
  intervalMs: 5000,
  narrowMaxWidth: 767,
  headingWords: 5,
};

type Item = BlockComponentProps<"testimonials">["block"]["props"]["items"][number];

/** A carousel slide is a group (an <article> may not be), named by its place and described as a slide. */
const SLIDE_ROLE = "group";
function slideAttributes(slide: { index: number; count: number; role: string; label: string }) {
  return {
    role: SLIDE_ROLE,
    "aria-roledescription": slide.role,
    "aria-label": fillPlaceholders(slide.label, { number: slide.index + 1, total: slide.count }),
  };
}

function Testimonial({
  item,
  headingWords,
  slide,
}: {
  item: Item;
  headingWords: number;
  /** In the carousel: its place, and the words that say it is a slide and which (the block's copy). */
  slide?: { index: number; count: number; hidden: boolean; role: string; label: string };
}) {
  // A slide is a group (the carousel pattern), which an <article> may not be.
  const Tag = slide ? "div" : "article";
  return (
    <Tag className="testimonial" hidden={slide?.hidden} {...(slide ? slideAttributes(slide) : {})}>
      <Stars rating={item.rating} className="testimonial__stars" />
      <h3 className="testimonial__heading">{truncateWords(item.heading, headingWords)}</h3>
      <p className="testimonial__text">{item.text}</p>
      <p className="testimonial__meta">
        <span className="testimonial__name">{item.name}</span>
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, </span>
        <span className="testimonial__when">{item.when}</span>
      </p>
    </Tag>
  );
}

export function TestimonialsBlock({ block, runtime }: BlockComponentProps<"testimonials">) {
  const props = withDefaultedCopy("testimonials", { ...DEFAULTS, ...block.props });
  const items = props.items;
  const count = items.length;
  const id = useId();
  // Most visitors are on phones: a server-drawn page starts as the carousel.
  const narrow = useMediaQuery(`(max-width: ${props.narrowMaxWidth}px)`, true);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [index, setIndex] = useState(0);
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = chosenPlaying ?? !reducedMotion;
  const rotating = narrow && count > 1 && playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), props.intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, props.intervalMs]);

  const headingId = `${id}-heading`;
  const heading = (
    <h2 id={headingId} className="sub-heading testimonials__heading">
      {runtime.fill(props.heading)}
    </h2>
  );

  if (!narrow) {
    return (
      <section className="testimonials testimonials--grid" aria-labelledby={headingId}>
        {heading}
        <div className="testimonials__grid">
          {items.map((item, i) => (
            <Testimonial key={i} item={item} headingWords={props.headingWords} />
          ))}
        </div>
      </section>
    );
  }

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <section className="testimonials testimonials--carousel" aria-labelledby={headingId}>
      {heading}
      <div
        className="testimonials__carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label={runtime.fill(props.label)}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div className="testimonials__controls">
          <button type="button" className="testimonials__control" onClick={() => go(-1)} aria-controls={`${id}-slides`}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{props.previousLabel}</span>
          </button>
          <button type="button" className="testimonials__control testimonials__control--play" onClick={() => setChosenPlaying(!playing)}>
            <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
            <span className="visually-hidden">{playing ? props.pauseLabel : props.playLabel}</span>
          </button>
          <button type="button" className="testimonials__control" onClick={() => go(1)} aria-controls={`${id}-slides`}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{props.nextLabel}</span>
          </button>
          <p className="testimonials__position" aria-hidden="true">
            {index + 1} / {count}
          </p>
        </div>
        <div id={`${id}-slides`} className="testimonials__slides" aria-live={rotating ? "off" : "polite"}>
          {items.map((item, i) => (
            <Testimonial
              key={i}
              item={item}
              headingWords={props.headingWords}
              slide={{ index: i, count, hidden: i !== index, role: props.slideRole, label: props.slideLabel }}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
