/** The funnel-wide form: a store of the answers, then react-hook-form started from them (funnelForm.ts). */
import { describe, expect, it } from "vitest";
import { createFunnelForm } from "./funnelForm";
import { loadFormKit } from "./formKit";

const OPTIONS = { mode: "onTouched", shouldUnregister: false } as const;

describe("the funnel form before react-hook-form", () => {
  it("holds the answers, sets nested ones without changing the old object, and tells its subscribers", () => {
    const initial = { hadFinance: "yes" };
    const handle = createFunnelForm(initial, OPTIONS);
    const seen: number[] = [];
    const stop = handle.subscribeValues(() => seen.push(handle.valuesVersion()));
    const postcode: string = "address.postcode";
    handle.form.setValue(postcode, "SW1A 2AA");
    expect(handle.form.getValues()).toEqual({ hadFinance: "yes", address: { postcode: "SW1A 2AA" } });
    expect(handle.form.getValues("address.postcode")).toBe("SW1A 2AA");
    expect(initial).toEqual({ hadFinance: "yes" });
    stop();
    handle.form.setValue("hadFinance", "no");
    expect(seen).toEqual([1]);
    expect(handle.valuesVersion()).toBe(2);
  });

  it("shows no field errors and finds nothing to validate", async () => {
    const { form } = createFunnelForm({}, OPTIONS);
    expect(form.getFieldState("email")).toMatchObject({ invalid: false, isTouched: false, error: undefined });
    expect(await form.trigger(["email"])).toBe(true);
  });

  it("refuses what only react-hook-form can do, naming it", () => {
    const { form } = createFunnelForm({}, OPTIONS);
    expect(() => form.control).toThrow(/form\.control needs react-hook-form/);
  });
});

describe("the funnel form moved to react-hook-form", () => {
  it("starts from the answers so far, keeps a field error set before, and keeps telling the same subscribers", async () => {
    const handle = createFunnelForm({ hadFinance: "yes" }, OPTIONS);
    const form = handle.form;
    form.setValue("email", "a@example.com");
    form.setError("email", { type: "server", message: "Enter a valid email address" });
    form.setError("phone", { type: "server", message: "Dropped" });
    form.clearErrors("phone");
    let calls = 0;
    handle.subscribeValues(() => calls++);

    handle.upgrade(await loadFormKit());
    const rhf = handle.upgraded();
    expect(rhf).not.toBeNull();
    // The same object, now answering through react-hook-form.
    expect(form.control).toBe(rhf!.control);
    expect(form.getValues()).toEqual({ hadFinance: "yes", email: "a@example.com" });
    expect(form.getFieldState("email").error?.message).toBe("Enter a valid email address");
    expect(form.getFieldState("phone").error).toBeUndefined();

    form.setValue("hadFinance", "no");
    expect(form.getValues("hadFinance")).toBe("no");
    expect(calls).toBeGreaterThan(0);
    // A second upgrade changes nothing.
    handle.upgrade(await loadFormKit());
    expect(handle.upgraded()).toBe(rhf);
  });
});
