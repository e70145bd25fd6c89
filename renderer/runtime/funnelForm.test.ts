/** The funnel-wide form: a store of the answers, then react-hook-form started from them (funnelForm.ts). */
import { describe, expect, it, vi } from "vitest";
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

  it("remembers the fields left, and shows an error a hook set for a field before react-hook-form is here", () => {
    const { form } = createFunnelForm({}, OPTIONS, () => new Promise(() => undefined));
    expect(form.getFieldState("email")).toMatchObject({ invalid: false, isTouched: false, error: undefined });
    form.setValue("email", "a@example.com", { shouldTouch: true });
    expect(form.getFieldState("email").isTouched).toBe(true);
    form.setError("email", { type: "server", message: "This email is already registered" });
    expect(form.getFieldState("email")).toMatchObject({ invalid: true, error: { message: "This email is already registered" } });
  });

  it("brings react-hook-form in for the first check asked for, and checks the fields left before it came", async () => {
    const resolver = async (values: Record<string, unknown>) =>
      values.email ? { values, errors: {} } : { values: {}, errors: { email: { type: "required", message: "Enter your email" } } };
    const handle = createFunnelForm({}, { ...OPTIONS, resolver } as never);
    const form = handle.form;
    // Left empty before the library came: no check yet, but asked for.
    form.setValue("email", "", { shouldTouch: true, shouldValidate: true });
    expect(form.getFieldState("email").error).toBeUndefined();
    await vi.waitFor(() => expect(handle.upgraded()).not.toBeNull());
    await vi.waitFor(() => expect(form.getFieldState("email").error?.message).toBe("Enter your email"));
    expect(form.getFieldState("email").isTouched).toBe(true);
  });

  it("answers a check through react-hook-form, which it loads for it", async () => {
    const handle = createFunnelForm({}, OPTIONS);
    expect(await handle.form.trigger(["email"])).toBe(true);
    expect(handle.upgraded()).not.toBeNull();
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
