// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FunnelDefinition } from "../../../schema/types";
import { funnelWith } from "../../../engine/testing/funnelWith";
import { renderBlock } from "../testing/renderBlock";
import { RadioGroupBlock } from "./RadioGroupBlock";

const v1: FunnelDefinition = funnelWith({
  fields: {
    hadFinance: {
      kind: "radio",
      label: "Have you had a vehicle on finance?",
      hint: "A car, van or motorbike on personal contract purchase (PCP) or hire purchase (HP) between 2007 and 2021.",
      options: [
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ],
      rules: [
        { rule: "required", message: "Please tell us if you have had a vehicle on finance" },
        { rule: "oneOf", message: "Please tell us if you have had a vehicle on finance" },
      ],
    },
  },
  steps: [{ blocks: [{ type: "radioGroup", props: { field: "hadFinance", asPageHeading: true, layout: "inline" } }] }],
});

describe("RadioGroupBlock", () => {
  afterEach(cleanup);

  it("asks the field's question as the page heading, in a fieldset legend, with one radio per option", () => {
    renderBlock("radioGroup", RadioGroupBlock, { funnel: v1 });
    const group = screen.getByRole("group", { name: "Have you had a vehicle on finance?" });
    expect(group.tagName).toBe("FIELDSET");
    const heading = screen.getByRole("heading", { level: 1, name: "Have you had a vehicle on finance?" });
    expect(heading.closest("legend")).not.toBeNull();
    expect(heading.className).toContain("step-heading");
    const radios = screen.getAllByRole("radio");
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(["yes", "no"]);
    expect((screen.getByRole("radio", { name: "Yes" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/personal contract purchase/).id).toBe("field-hadFinance-hint");
    expect(group.getAttribute("aria-describedby")).toBe("field-hadFinance-hint");
  });

  it("stores the chosen option's value and shows it checked", async () => {
    const view = renderBlock("radioGroup", RadioGroupBlock, { funnel: v1 });
    await view.user.click(screen.getByRole("radio", { name: "No" }));
    expect(view.value("hadFinance")).toBe("no");
    expect((screen.getByRole("radio", { name: "No" }) as HTMLInputElement).checked).toBe(true);
    await view.user.click(screen.getByText("Yes"));
    expect(view.value("hadFinance")).toBe("yes");
    expect((screen.getByRole("radio", { name: "No" }) as HTMLInputElement).checked).toBe(false);
  });

  it("restores a saved answer and can be answered by keyboard", async () => {
    const view = renderBlock("radioGroup", RadioGroupBlock, { funnel: v1, data: { hadFinance: "yes" } });
    expect((screen.getByRole("radio", { name: "Yes" }) as HTMLInputElement).checked).toBe(true);
    screen.getByRole("radio", { name: "No" }).focus();
    await view.user.keyboard(" ");
    expect(view.value("hadFinance")).toBe("no");
  });

  it("shows a plain legend without asPageHeading, and the rule's error wired to the group", async () => {
    const view = renderBlock("radioGroup", RadioGroupBlock, { funnel: v1, props: { asPageHeading: false } });
    expect(screen.queryByRole("heading")).toBeNull();
    await act(() => view.runtime().form.trigger("hadFinance"));
    const error = await screen.findByText("Please tell us if you have had a vehicle on finance");
    expect(error.closest("p")!.id).toBe("field-hadFinance-error");
    expect(screen.getByRole("group").getAttribute("aria-describedby")).toBe("field-hadFinance-hint field-hadFinance-error");
  });
});
