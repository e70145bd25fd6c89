/**
 * Copy with a button that opens a native <dialog> explaining something in
 * more detail (focus trap, Escape and the backdrop for free). Focus returns
 * to the button when the dialog closes.
 */
import { useId, useRef } from "react";
import type { BlockComponentProps } from "../../runtime/runtime";
import { focusAfterDialog } from "../../components/focusAfterDialog";
import "./infoModal.css";
import "../../components/modal.css";

export function InfoModalBlock({ block, runtime }: BlockComponentProps<"infoModal">) {
  const { text, triggerLabel, title, paragraphs, closeLabel } = block.props;
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const open = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
  };
  const close = () => dialog.current?.close();

  return (
    <div className="infoModal">
      <p className="infoModal__text">
        {text && <>{runtime.fill(text)} </>}
        <button ref={trigger} type="button" className="infoModal__trigger" aria-haspopup="dialog" onClick={open}>
          {runtime.fill(triggerLabel)}
        </button>
      </p>
      <dialog
        ref={dialog}
        className="modal infoModal__dialog"
        aria-labelledby={titleId}
        onClose={() => focusAfterDialog(dialog.current, trigger.current)}
        onClick={(event) => event.target === dialog.current && close()}
      >
        <h2 id={titleId} className="modal__title">
          {runtime.fill(title)}
        </h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{runtime.fill(paragraph)}</p>
        ))}
        <button type="button" className="button button--primary infoModal__close" onClick={close}>
          {closeLabel}
        </button>
      </dialog>
    </div>
  );
}
