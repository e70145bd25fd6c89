/** The step validation module, loaded once when first asked (the visitor's first action, or a check that cannot wait). */
import { loadOnce } from "../loadOnce";

export const loadStepValidation = loadOnce(() => import("./stepValidation"));
