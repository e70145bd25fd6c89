import { useEffect, useRef } from "react";
import { evaluateCondition } from "../../../engine/conditions";
import { focusAfterDialog } from "../../components/focusAfterDialog";
import type { BlockComponentProps } from "../../runtime/runtime";
import { runtimeConditions } from "../../runtime/runtimeConditions";
import "../../components/modal.css";

/**
 * A notice in a native modal dialog (focus trap and Escape for free), opened when its condition holds. Closed,
 * the focus goes back where it was, or to the step's heading when the notice opened with the page.
 */
export function NoticeModalBlock({ block, runtime }: BlockComponentProps<"noticeModal">) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { openWhen, title, paragraphs, closeLabel } = block.props;
  const shouldOpen = evaluateCondition(openWhen, runtimeConditions(runtime));

  useEffect(() => {
    const element = dialog.current;
    if (shouldOpen && element && !element.open && typeof element.showModal === "function") element.showModal();
  }, [shouldOpen]);

  const titleId = `${block.id ?? "notice"}-title`;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={() => focusAfterDialog(dialog.current)}>
      <h2 id={titleId} className="modal__title">
        {runtime.fill(title)}
      </h2>
      {paragraphs.map((text) => (
        <p key={text}>{runtime.fill(text)}</p>
      ))}
      <button type="button" className="button button--primary" onClick={() => dialog.current?.close()}>
        {closeLabel}
      </button>
    </dialog>
  );
}
