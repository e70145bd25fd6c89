/** react-hook-form, as the funnel uses it: the module formKit.ts loads once a step has something to fill in. */
export { createFormControl, useController, useFormState, useWatch } from "react-hook-form";
