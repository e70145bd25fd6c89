/** react-hook-form, as the funnel uses it: the module formKit.ts loads at the visitor's first action, or for a step that needs it. */
export { createFormControl } from "react-hook-form";
