// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi } from "../testing/fakeApi";
import { renderBlock } from "../testing/renderBlock";
import { KbaQuestionsBlock } from "./KbaQuestionsBlock";

const PROPS = {
  intro: "",
  submitLabel: "Verify my identity",
  busyLabel: "Checking your answers...",
  failureMessage: "We couldn't verify your identity from those answers. Please check them and try again.",
  retryLabel: "Try different questions",
  loadErrorMessage: "We couldn't load your identity questions. Please try again.",
  answerAllMessage: "Please answer every question to continue",
  successStep: "lender-selection",
};
const CLAIM = "5b0d3c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f";
const QUESTIONS = {
  questions: [
    {
      id: "birth-month",
      text: "In which month were you born?",
      options: [
        { id: "m3", label: "March" },
        { id: "m6", label: "June" },
      ],
    },
    {
      id: "birth-year",
      text: "In which year were you born?",
      options: [
        { id: "y84", label: "1984" },
        { id: "y85", label: "1985" },
      ],
    },
  ],
};

function setup(answer: Record<string, unknown>, data: Record<string, unknown> = { claim_request_id: CLAIM }) {
  const api = new FakeApi().reply("GET", "/api/kba/questions", { body: QUESTIONS }).reply("POST", "/api/kba/answers", { body: answer });
  return renderBlock("kbaQuestions", KbaQuestionsBlock, { props: PROPS, data, api });
}

describe("KbaQuestionsBlock", () => {
  afterEach(cleanup);

  it("asks every question, then marks the identity verified on success", async () => {
    const view = setup({ status: "success" });
    await screen.findByRole("group", { name: /month/ });
    await view.user.click(screen.getByRole("button", { name: "Verify my identity" }));
    expect(screen.getByRole("alert").textContent).toBe("Please answer every question to continue");
    await view.user.click(screen.getByLabelText("March"));
    await view.user.click(screen.getByLabelText("1984"));
    await view.user.click(screen.getByRole("button", { name: "Verify my identity" }));
    await waitFor(() => expect(view.value("identityVerified")).toBe(true));
    expect(view.value("creditCheckStatus")).toBe("success");
    expect(view.api.callsTo("/api/kba/answers")[0].body).toEqual({
      claim_request_id: CLAIM,
      answers: [
        { question_id: "birth-month", answer_id: "m3" },
        { question_id: "birth-year", answer_id: "y84" },
      ],
    });
  });

  it("a manual override also verifies; a failure sets partial and stays with the message", async () => {
    const manual = setup({ status: "manual-override" });
    await manual.user.click(await screen.findByLabelText("June"));
    await manual.user.click(screen.getByLabelText("1985"));
    await manual.user.click(screen.getByRole("button", { name: "Verify my identity" }));
    await waitFor(() => expect(manual.value("creditCheckStatus")).toBe("success"));
    cleanup();

    const failed = setup({ status: "failure" });
    await failed.user.click(await screen.findByLabelText("June"));
    await failed.user.click(screen.getByLabelText("1985"));
    await failed.user.click(screen.getByRole("button", { name: "Verify my identity" }));
    expect(await screen.findByText(/We couldn't verify your identity from those answers/)).toBeTruthy();
    expect(failed.value("creditCheckStatus")).toBe("partial");
    expect(failed.value("identityVerified")).toBeUndefined();
    expect(failed.goNext).not.toHaveBeenCalled();
  });

  it("moves straight on once already verified", async () => {
    const view = setup({ status: "success" }, { claim_request_id: CLAIM, identityVerified: true });
    await waitFor(() => expect(view.goNext).toHaveBeenCalledTimes(1));
    expect(view.api.calls).toHaveLength(0);
  });
});
