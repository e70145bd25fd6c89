// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Link, Route, Routes, useLocation, useNavigate, useNavigationType } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaintFirstRouter } from "./PaintFirstRouter";
import { flushHistoryWrites, hasPendingHistoryWrites } from "./historyWrites";

/** What the page shows of the router: the path, how it was reached, and the entry's key and state. */
function Page({ name }: { name: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  return (
    <div>
      <h1>Page {name}</h1>
      <p data-testid="where">{`${location.pathname} ${navigationType} ${location.key} ${JSON.stringify(location.state)}`}</p>
      <button onClick={() => navigate("/b", { state: { from: name } })}>push b</button>
      <button
        onClick={() => {
          navigate("/b");
          navigate("/c", { replace: true });
        }}
      >
        push b then replace with c
      </button>
      <button onClick={() => navigate(-1)}>back</button>
      <Link to="/c">link to c</Link>
    </div>
  );
}

function renderRouter() {
  return render(
    <PaintFirstRouter>
      <Routes>
        <Route path="/a" element={<Page name="A" />} />
        <Route path="/b" element={<Page name="B" />} />
        <Route path="/c" element={<Page name="C" />} />
      </Routes>
    </PaintFirstRouter>,
  );
}

/** Lets the queued write run: the next animation frame, then the task after it (jsdom paints nothing). */
const afterPaint = () =>
  act(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 5)), 0)));
/** Lets jsdom's history traversal run and fire popstate. */
const afterTraversal = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 30)));

const heading = () => screen.getByRole("heading").textContent;

describe("PaintFirstRouter", () => {
  beforeEach(() => {
    window.history.replaceState({ usr: null, key: "start", idx: 5 }, "", "/a");
  });
  afterEach(() => {
    cleanup();
    flushHistoryWrites();
    vi.restoreAllMocks();
  });

  it("draws the new page in the click and writes the URL after the frame", async () => {
    const pushState = vi.spyOn(window.history, "pushState");
    const length = window.history.length;
    renderRouter();
    fireEvent.click(screen.getByText("push b"));

    expect(heading()).toBe("Page B");
    expect(screen.getByTestId("where").textContent).toMatch(/^\/b PUSH /);
    expect(window.location.pathname).toBe("/a");
    expect(pushState).not.toHaveBeenCalled();
    expect(hasPendingHistoryWrites()).toBe(true);

    await afterPaint();
    expect(pushState).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe("/b");
    expect(window.history.length).toBe(length + 1);
    expect(hasPendingHistoryWrites()).toBe(false);
  });

  it("writes BrowserRouter's { usr, key, idx } state, and reads an entry BrowserRouter wrote", async () => {
    window.history.replaceState({ usr: { came: "earlier" }, key: "old1", idx: 3 }, "", "/a");
    renderRouter();
    expect(screen.getByTestId("where").textContent).toBe('/a POP old1 {"came":"earlier"}');

    fireEvent.click(screen.getByText("push b"));
    const [, , key, state] = screen.getByTestId("where").textContent!.split(" ");
    expect(state).toBe('{"from":"A"}');
    await afterPaint();
    expect(window.history.state).toEqual({ usr: { from: "A" }, key, idx: 4 });
  });

  it("gives an entry without an index the index 0, as BrowserRouter does", () => {
    window.history.replaceState(null, "", "/a");
    renderRouter();
    expect(window.history.state).toEqual({ idx: 0 });
    expect(screen.getByTestId("where").textContent).toBe("/a POP default null");
  });

  it("keeps the order of writes: a push then a replace ends as the pushed entry replaced", async () => {
    const calls: string[] = [];
    vi.spyOn(window.history, "pushState").mockImplementation(function (this: History, ...args) {
      calls.push(`push ${String(args[2])}`);
      return History.prototype.pushState.apply(this, args);
    });
    vi.spyOn(window.history, "replaceState").mockImplementation(function (this: History, ...args) {
      calls.push(`replace ${String(args[2])}`);
      return History.prototype.replaceState.apply(this, args);
    });
    const length = window.history.length;
    renderRouter();
    fireEvent.click(screen.getByText("push b then replace with c"));
    expect(heading()).toBe("Page C");

    await afterPaint();
    expect(calls).toEqual(["push /b", "replace /c"]);
    expect(window.location.pathname).toBe("/c");
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toMatchObject({ idx: 6 });

    window.history.back();
    await afterTraversal();
    expect(heading()).toBe("Page A");
  });

  it("writes the queued entry before going back, so Back leaves the page just pushed", async () => {
    renderRouter();
    fireEvent.click(screen.getByText("push b"));
    expect(window.location.pathname).toBe("/a");

    // Before the frame: without the write first, Back would leave page A instead.
    fireEvent.click(screen.getByText("back"));
    expect(window.location.pathname).toBe("/b");
    await afterTraversal();
    expect(window.location.pathname).toBe("/a");
    expect(heading()).toBe("Page A");
    expect(screen.getByTestId("where").textContent).toBe("/a POP start null");
  });

  it("follows Back and Forward (popstate) with the entry's location, key and state", async () => {
    renderRouter();
    fireEvent.click(screen.getByText("push b"));
    const pushed = screen.getByTestId("where").textContent!.split(" ")[2];
    await afterPaint();

    window.history.back();
    await afterTraversal();
    expect(heading()).toBe("Page A");
    expect(screen.getByTestId("where").textContent).toBe("/a POP start null");

    window.history.forward();
    await afterTraversal();
    expect(heading()).toBe("Page B");
    expect(screen.getByTestId("where").textContent).toBe(`/b POP ${pushed} {"from":"A"}`);
  });

  it("writes the queued entry when the page is hidden or left", () => {
    renderRouter();
    fireEvent.click(screen.getByText("push b"));
    expect(window.location.pathname).toBe("/a");
    window.dispatchEvent(new Event("pagehide"));
    expect(window.location.pathname).toBe("/b");

    fireEvent.click(screen.getByText("link to c"));
    expect(heading()).toBe("Page C");
    expect(window.location.pathname).toBe("/b");
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(window.location.pathname).toBe("/c");
  });

  it("leaves an entry alone when the page is hidden with nothing queued", () => {
    const pushState = vi.spyOn(window.history, "pushState");
    renderRouter();
    window.dispatchEvent(new Event("pagehide"));
    expect(pushState).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe("/a");
  });
});
