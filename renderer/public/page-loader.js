// The script of a page the server has drawn. The app (and the code of the step's lazily loaded blocks) is asked
// for once that page is on screen: requested earlier, it competes with the page for the connection and, run
// earlier, holds the first paint back while it compiles. The server names the app and the step's modules on this
// script's element (data-app, data-preload); a hidden tab, which paints no frames, asks for them at once.
const tag = document.querySelector("script[data-app]");
let started = false;
const start = () => {
  if (started || !tag) return;
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
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
else start();
document.addEventListener("visibilitychange", start, { once: true });
