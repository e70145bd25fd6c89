// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setBoot, type Boot } from "../boot";
import { FIXTURE_TEXT } from "../testing/siteText";
import { FunnelBanner, TopBar } from "./FunnelChrome";

// The rating is said in the site's words (content/site.json `text.common.rated`).
beforeEach(() => setBoot({ text: FIXTURE_TEXT } as unknown as Boot));

afterEach(cleanup);

describe("TopBar and FunnelBanner", () => {
  it("shows the reviews badge with its rating in words", () => {
    render(<TopBar bar={{ label: "Excellent", rating: 5, text: "Based on 7,042 reviews" }} />);
    expect(screen.getByText("Based on 7,042 reviews")).toBeTruthy();
    expect(screen.getByText("Rated 5 out of 5")).toBeTruthy();
    expect(screen.getByText("Excellent")).toBeTruthy();
  });

  it("shows the banner text", () => {
    render(<FunnelBanner text="Average Refund of £950**" />);
    expect(screen.getByText("Average Refund of £950**")).toBeTruthy();
  });
});
