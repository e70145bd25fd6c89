// The script of a page the server has drawn. The app (and the code of the step's lazily loaded blocks) is asked
// for once that page is on screen: requested earlier, it competes with the page for the connection and, run
// earlier, holds the first paint back while it compiles. The server names the app and the step's modules on this
// script's element (data-app, data-preload); a hidden tab, which paints no frames, asks for them at once.
//
// A button pressed before the app is live would do nothing: the first such press asks for the app at once and is
// noted on <html> (outside what the app draws) by the button's words and its place among buttons with the same
// words, for the app to press it again once live (renderer/funnel/pressedBeforeLive.ts). From the moment React
// starts hydrating (data-live on <html>), presses are React's own.
const tag = document.querySelector("script[data-app]");
let started = false;
const start = () => {
  if (started || !tag) return;
  // The app needs the whole page (a press may come while it is still being parsed).
  if (document.readyState === "loading") return document.addEventListener("DOMContentLoaded", start, { once: true });
  started = true;
  for (const href of (tag.dataset.preload ?? "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  void import(tag.dataset.app);
};

const html = document.documentElement;
const notePress = (event) => {
  if ("live" in html.dataset) return document.removeEventListener("click", notePress, true);
  const button = event.target instanceof Element ? event.target.closest("#root button") : null;
  if (!button || button.disabled) return;
  start();
  if ("pressedButton" in html.dataset) return;
  const words = button.textContent.trim();
  const same = [...document.querySelectorAll("#root button")].filter((b) => b.textContent.trim() === words);
  html.dataset.pressedButton = JSON.stringify({ words, index: same.indexOf(button) });
};
document.addEventListener("click", notePress, true);

// A field left before the app is live (focused, then left, with nothing typed) is noted by its name too, for the
// app to leave it again once live, so it is checked as it would have been.
// Until the step is live (React's hydration does not replay a field left meanwhile).
const noteLeft = (event) => {
  if ("stepLive" in html.dataset) return document.removeEventListener("focusout", noteLeft, true);
  const field = event.target instanceof Element ? event.target.closest("#root input, #root select, #root textarea") : null;
  const key = field && (field.name || field.id);
  if (!key) return;
  const left = JSON.parse(html.dataset.leftFields ?? "[]");
  if (!left.includes(key)) html.dataset.leftFields = JSON.stringify([...left, key]);
};
document.addEventListener("focusout", noteLeft, true);
document.addEventListener("pointerdown", start, { once: true, capture: true, passive: true });
document.addEventListener("keydown", start, { once: true, capture: true, passive: true });

// The first paint comes after the page is parsed.
const schedule = () => {
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
  else start();
  document.addEventListener("visibilitychange", start, { once: true });
};
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", schedule, { once: true });
else schedule();
