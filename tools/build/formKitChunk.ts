/**
 * react-hook-form's chunk: the library with the module that loads it (renderer/funnel/formKit.ts), one chunk
 * although the validation code imports the library too. A named chunk has no manifest entry of its own
 * source, so the server finds it by this name to link it into a step that uses the form.
 */
export const FORM_KIT_CHUNK = "formKit";

/** The modules of that chunk. */
export const FORM_KIT_MODULES = /[\\/](react-hook-form[\\/]|funnel[\\/]formKitModule\.ts)/;
