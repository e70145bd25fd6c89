/** Whether a step shows an error now (stepValidity.ts), before and after the form moves to react-hook-form. */
import { describe, expect, it } from "vitest";
import { createFunnelForm } from "../runtime/funnelForm";
import { loadFormKit } from "../runtime/formKit";
import { stepShowsNoError } from "./stepValidity";

const OPTIONS = { mode: "onTouched", shouldUnregister: false } as const;
const STEP = ["contactDetails.email", "contactDetails.phoneNumber"];

describe("stepShowsNoError", () => {
  it("finds none before react-hook-form is here (a field error a hook set waits for its field)", () => {
    const { form } = createFunnelForm({}, OPTIONS);
    form.setError("contactDetails.email", { type: "server", message: "Enter a valid email address" });
    expect(form.getErrors()).toEqual({});
    expect(stepShowsNoError(form, STEP)).toBe(true);
  });

  it("finds an error on one of the step's fields, nested by its path, and none on another step's", async () => {
    const handle = createFunnelForm({}, OPTIONS);
    handle.upgrade(await loadFormKit());
    const form = handle.form;
    expect(stepShowsNoError(form, STEP)).toBe(true);

    form.setError("personalDetails.firstName", { type: "server", message: "Enter your first name" });
    expect(stepShowsNoError(form, STEP)).toBe(true);

    form.setError("contactDetails.phoneNumber", { type: "server", message: "Enter a UK mobile number" });
    expect(stepShowsNoError(form, STEP)).toBe(false);
    expect(stepShowsNoError(form, ["contactDetails.email"])).toBe(true);

    form.clearErrors("contactDetails.phoneNumber");
    expect(stepShowsNoError(form, STEP)).toBe(true);
  });
});
