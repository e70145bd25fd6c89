/**
 * The code of the Next press (pressNext.ts: validation, the error summary, onNext hooks, where Next goes, and the
 * return to a check page) is not in the first page's script: it loads at the visitor's first action with the
 * rest of what Next needs (useStepArrival.ts), or at a press that comes before it. Once here it is at hand
 * without waiting, so a press then runs in its own task as before.
 */
import { loadKept } from "../loadOnce";

export type NextPressCode = typeof import("./pressNext");

const code = loadKept<NextPressCode>(() => import("./pressNext"));

export const loadNextPress = code.load;

/** The Next press's code if it has loaded, without waiting. */
export const loadedNextPress = code.loaded;
